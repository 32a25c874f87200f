import { Link } from "react-router";
import type { Route } from "./+types/order-packing-slip";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { HeadRow } from "~/components/atelier/kit";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { AddressBlock } from "~/components/checkout/checkout-frame";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { packingSlipOf } from "~/modules/order/order-desk.service.server";
import { legalNotice } from "~/modules/settings/seller";
import { getSellerIdentity } from "~/modules/settings/seller.service.server";

import { formatLongDate } from "~/utils/dates";
import { pageError } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { idParam } from "~/utils/id-param";

// /atelier/orders/:id/packing-slip: what goes in the parcel, to print and put in it. No prices;
// the print stylesheet (app.css, @media print) leaves out Atelier's frame and this page's button.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  try {
    const slip = await packingSlipOf(db, idParam(params.id));
    const seller = legalNotice(await getSellerIdentity(db), locale);
    return { slip, seller, title: tns("atelier-orders")("meta.packingSlip", { number: slip.number }), texts: pickTexts(locale, ["atelier-orders", "checkout"]) };
  } catch (error) {
    pageError(error);
  }
}

export const headers = privatePageHeaders;

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const { slip, seller } = loaderData;
  const hydrated = useHydrated();
  return (
    <article aria-labelledby="slip-title" className="packing-slip mx-auto max-w-3xl bg-paper p-6 text-sm" data-testid="packing-slip">
      <p className="no-print mb-4 flex items-center justify-between gap-4">
        <Link to={href(`/atelier/orders/${slip.id}`)} className="link">
          ← {slip.number}
        </Link>
        {/* Without JavaScript the browser's own print command prints it; the button is a shortcut. */}
        {hydrated ? (
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            {t("packing.print")}
          </button>
        ) : null}
      </p>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-b border-ink pb-4">
        <div>
          <p className="font-display text-2xl tracking-[0.2em] uppercase">Bottega</p>
          {/* Who sends it: the seller's name, registered office and partita IVA, from the owner's settings. */}
          <p className="mt-1 text-xs text-stone" data-testid="packing-seller">
            {seller.name}, {seller.address}
            <br />
            {t("packing.seller", { vatNumber: seller.vatNumber })}
          </p>
          <h1 id="slip-title" className="mt-2 text-xl">
            {t("packing.title")}
          </h1>
        </div>
        <div className="text-right">
          <p className="font-mono text-lg">{t("packing.order", { number: slip.number })}</p>
          <p>{t("packing.placed", { date: formatLongDate(slip.placedAt, locale) })}</p>
        </div>
      </header>
      <section aria-labelledby="slip-ship-to" className="mb-6">
        <h2 id="slip-ship-to" className="mb-1 font-medium">
          {slip.pickup ? t("packing.pickupAt", { name: slip.customerName }) : t("packing.shipTo")}
        </h2>
        {slip.pickup ? <PickupStoreAddress store={slip.pickup} /> : <AddressBlock address={slip.shippingAddress} />}
      </section>
      <section aria-labelledby="slip-items">
        <h2 id="slip-items" className="mb-2 font-medium">
          {t("packing.items")}
        </h2>
        <table className="w-full border-collapse">
          <thead>
            <HeadRow className="border-b border-ink" cell="py-1 font-medium" columns={[{ label: t("order.item") }, { label: t("order.sku") }, { label: t("order.quantity"), numeric: true }, { label: t("packing.checked"), numeric: true }]} />
          </thead>
          <tbody>
            {slip.lines.map((line) => (
              <tr key={line.id} className="border-b border-line">
                <td className="py-2">
                  {line.name}{" "}
                  <span className="block text-xs text-stone">
                    {line.color}, {line.size}
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

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
