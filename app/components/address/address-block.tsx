import { useLocale } from "~/hooks/use-locale";

/**
 * An address as the shop shows it (checkout, the account's address book, Atelier's order and
 * packing slip). `inLabel`: inside a choice's <label>, which holds only phrasing content, the
 * lines go in a span instead of an <address>. `strongName`: the name in bold (the address book's
 * cards); `className` replaces the block's own.
 */
export function AddressBlock({
  address,
  inLabel = false,
  strongName = false,
  className = "block not-italic",
}: {
  address: { firstName: string; lastName: string; street: string; streetNumber: string; additionalInfo?: string | null; zip: string; city: string; province: string; phonePrefix: string; phone: string };
  inLabel?: boolean;
  strongName?: boolean;
  className?: string;
}) {
  const { locale } = useLocale();
  const Block = inLabel ? "span" : "address";
  const name = `${address.firstName} ${address.lastName}`;
  return (
    <Block className={className}>
      {strongName ? <strong className="font-medium">{name}</strong> : name}
      <br />
      {address.street} {address.streetNumber}
      {address.additionalInfo ? (
        <>
          <br />
          {address.additionalInfo}
        </>
      ) : null}
      <br />
      {address.zip} {address.city} ({address.province})
      <br />
      {locale === "en" ? "Italy" : "Italia"}
      <br />
      {address.phonePrefix} {address.phone}
    </Block>
  );
}
