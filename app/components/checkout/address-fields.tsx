import { CheckboxField, Field, TextField, controlProps, type FormKit } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { PHONE_PREFIXES } from "~/modules/address/address.schema";
import { ITALIAN_PROVINCES } from "~/modules/address/provinces";

// The address book's fields (spec §3 Address) for the checkout's shipping and billing groups:
// the same labels and rules as /account/addresses, named `prefix.field` (conform nests them).

const PROVINCES = Object.entries(ITALIAN_PROVINCES).sort((a, b) => a[1].localeCompare(b[1], "it"));

/** `required`: false for a group that applies only when chosen (the browser must not block the form over it). */
export function AddressFields({ kit, prefix, euShopUrl, saveOption, required = true }: { kit: FormKit; prefix: string; euShopUrl?: string; saveOption?: boolean; required?: boolean }) {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation("checkout");
  const name = (field: string) => `${prefix}.${field}`;
  // Required for the browser (`required`), or, in a group the browser must not enforce, for
  // assistive technology only (`aria-required`): never both, which the HTML checker flags.
  const need = required ? { required: true } : { "aria-required": true };
  // `fallback` is the option chosen before the shopper picks one: "" is a placeholder, which
  // `required` makes the browser refuse; a select that starts on a real choice (Italy, +39)
  // always has a value, so `required` would be meaningless there (and is invalid HTML).
  const select = (field: string, label: string, children: React.ReactNode, fallback: string, autoComplete?: string) => (
    <Field kit={kit} name={name(field)} label={label}>
      <select {...controlProps(kit, name(field))} key={kit.resetKey} defaultValue={kit.value(name(field)) || fallback} {...(fallback === "" ? need : { "aria-required": true })} autoComplete={autoComplete} className="field-input">
        {children}
      </select>
    </Field>
  );
  const countryRefused = Boolean(kit.errors(name("country"))?.length);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField kit={kit} name={name("firstName")} label={t("addresses.firstName")} autoComplete={`${prefix} given-name`} {...need} maxLength={100} />
      <TextField kit={kit} name={name("lastName")} label={t("addresses.lastName")} autoComplete={`${prefix} family-name`} {...need} maxLength={100} />
      <TextField kit={kit} name={name("street")} label={t("addresses.street")} autoComplete={`${prefix} address-line1`} {...need} maxLength={200} />
      <TextField kit={kit} name={name("streetNumber")} label={t("addresses.streetNumber")} {...need} maxLength={20} />
      <div className="sm:col-span-2">
        <TextField kit={kit} name={name("additionalInfo")} label={t("addresses.additionalInfo")} hint={t("addresses.additionalInfoHint")} autoComplete={`${prefix} address-line2`} maxLength={200} />
      </div>
      <TextField kit={kit} name={name("city")} label={t("addresses.city")} autoComplete={`${prefix} address-level2`} {...need} maxLength={100} />
      {select(
        "province",
        t("addresses.province"),
        <>
          <option value="">{t("addresses.provincePlaceholder")}</option>
          {PROVINCES.map(([code, province]) => (
            <option key={code} value={code}>
              {province} ({code})
            </option>
          ))}
        </>,
        "",
      )}
      <TextField kit={kit} name={name("zip")} label={t("addresses.zip")} autoComplete={`${prefix} postal-code`} inputMode="numeric" {...need} maxLength={5} />
      <div>
        {select(
          "country",
          t("addresses.country"),
          <>
            <option value="IT">{t("addresses.italy")}</option>
            <option value="EU">{t("addresses.otherCountry")}</option>
          </>,
          "IT",
        )}
        {countryRefused && euShopUrl ? (
          <p className="mt-2 text-sm" data-testid="eu-shop-pointer">
            {tc("shipping.otherCountry")}{" "}
            <a href={euShopUrl} className="link">
              {tc("shipping.euShop")}
            </a>
          </p>
        ) : null}
      </div>
      {select(
        "phonePrefix",
        t("addresses.phonePrefix"),
        PHONE_PREFIXES.map((phonePrefix) => (
          <option key={phonePrefix} value={phonePrefix}>
            {phonePrefix}
          </option>
        )),
        "+39",
        // The number in two parts: the prefix (+39) and the national number.
        `${prefix} tel-country-code`,
      )}
      <TextField kit={kit} name={name("phone")} label={t("addresses.phone")} autoComplete={`${prefix} tel-national`} inputMode="tel" {...need} maxLength={20} />
      {saveOption ? (
        <div className="sm:col-span-2">
          <CheckboxField kit={kit} name="saveAddress" label={tc("shipping.saveAddress")} />
        </div>
      ) : null}
    </div>
  );
}
