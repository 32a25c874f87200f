import type { ReactNode } from "react";
import { HeadRow } from "~/components/atelier/kit";
import { AddressBlock } from "~/components/checkout/checkout-frame";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { PackingSlip } from "~/modules/order/order-desk.service.server";
import type { LegalNotice } from "~/modules/settings/seller";
import { formatLongDate } from "~/utils/dates";

// A packing slip: what goes in the parcel, to print and put in it — the seller's fiscal data,
// where it goes, each line with its picture, no prices. One order's page prints one; the order
// list's selection prints many, one a sheet (app.css, @media print), where the print stylesheet
// leaves out Atelier's frame and anything marked no-print.

/** `nested`: one of many on a page that has its own title, so the slip's headings go one level down. */
export function PackingSlipSheet({ slip, seller, toolbar, nested = false }: { slip: PackingSlip; seller: LegalNotice; toolbar?: ReactNode; nested?: boolean }) {
  const Title = nested ? "h2" : "h1";
  const Heading = nested ? "h3" : "h2";
  const { t } = useTranslation("atelier-orders");
  const { locale } = useLocale();
  const titleId = `slip-title-${slip.id}`;
  return (
    <article aria-labelledby={titleId} className="packing-slip mx-auto max-w-3xl bg-paper p-6 text-sm" data-testid="packing-slip">
      {toolbar}
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-b border-ink pb-4">
        <div>
          <p className="font-display text-2xl tracking-[0.2em] uppercase">Bottega</p>
          {/* Who sends it: the seller's name, registered office and partita IVA, from the owner's settings. */}
          <p className="mt-1 text-xs text-stone" data-testid="packing-seller">
            {seller.name}, {seller.address}
            <br />
            {t("packing.seller", { vatNumber: seller.vatNumber })}
          </p>
          <Title id={titleId} className="mt-2 text-xl">
            {t("packing.title")}
          </Title>
        </div>
        <div className="text-right">
          <p className="font-mono text-lg">{t("packing.order", { number: slip.number })}</p>
          <p>{t("packing.placed", { date: formatLongDate(slip.placedAt, locale) })}</p>
        </div>
      </header>
      <section aria-labelledby={`slip-ship-to-${slip.id}`} className="mb-6">
        <Heading id={`slip-ship-to-${slip.id}`} className="mb-1 font-medium">
          {slip.pickup ? t("packing.pickupAt", { name: slip.customerName }) : t("packing.shipTo")}
        </Heading>
        {slip.pickup ? <PickupStoreAddress store={slip.pickup} /> : <AddressBlock address={slip.shippingAddress} />}
      </section>
      <section aria-labelledby={`slip-items-${slip.id}`}>
        <Heading id={`slip-items-${slip.id}`} className="mb-2 font-medium">
          {t("packing.items")}
        </Heading>
        <table className="w-full border-collapse">
          <thead>
            <HeadRow className="border-b border-ink" cell="py-1 font-medium" columns={[{ label: t("order.item") }, { label: t("order.sku") }, { label: t("order.quantity"), numeric: true }, { label: t("packing.checked"), numeric: true }]} />
          </thead>
          <tbody>
            {slip.lines.map((line) => (
              <tr key={line.id} className="border-b border-line">
                <td className="py-2">
                  <span className="flex items-center gap-3">
                    {line.image ? (
                      <img src={line.image.src} srcSet={line.image.srcSet} sizes="40px" width={line.image.width} height={line.image.height} alt="" className="h-14 w-10 shrink-0 bg-ivory object-cover" />
                    ) : null}
                    <span>
                      {line.name}{" "}
                      <span className="block text-xs text-stone">
                        {line.color}, {line.size}
                      </span>
                    </span>
                  </span>
                </td>
                <td className="py-2 font-mono">{line.sku}</td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 text-right" aria-hidden="true">
                  ☐
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="mt-8 text-stone">{t("packing.thanks")}</p>
    </article>
  );
}
