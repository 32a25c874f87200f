import { Link } from "react-router";
import type { Route } from "./+types/orders-packing-slips";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PackingSlipSheet } from "~/components/atelier/packing-slip";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { parseOrderIds } from "~/modules/order/order-desk.schema";
import { packingSlipsOf } from "~/modules/order/order-desk.service.server";
import { legalNotice } from "~/modules/settings/seller";
import { getSellerIdentity } from "~/modules/settings/seller.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/orders/packing-slips?id=…&id=… (issue 42 part 5): the packing slips of the orders
// ticked in the list, one after the other, printed one a sheet (app.css, @media print).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const ids = parseOrderIds(new URL(request.url).searchParams);
  const [slips, seller] = await Promise.all([packingSlipsOf(db, ids, locale), getSellerIdentity(db)]);
  return { slips, seller: legalNotice(seller, locale), title: tns("atelier-orders")("meta.bulkSlips"), texts: pickTexts(locale, ["atelier-orders", "checkout"]) };
}

export const headers = privatePageHeaders;

export default function AtelierOrdersPackingSlips({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href } = useLocale();
  const hydrated = useHydrated();
  const { slips, seller } = loaderData;
  return (
    <>
      <div className="no-print mx-auto mb-6 flex max-w-3xl flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl">{t("bulk.slipsTitle")}</h1>
          <p className="text-sm text-stone" role="status">
            {slips.length ? t("bulk.slipsCount", { count: slips.length }) : t("bulk.none")}
          </p>
        </div>
        <p className="flex items-center gap-4">
          <Link to={href("/atelier/orders")} className="link">
            {t("bulk.back")}
          </Link>
          {/* Without JavaScript the browser's own print command prints them; the button is a shortcut. */}
          {hydrated && slips.length ? (
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              {t("packing.print")}
            </button>
          ) : null}
        </p>
      </div>
      <div className="space-y-8">
        {slips.map((slip) => (
          <PackingSlipSheet key={slip.id} slip={slip} seller={seller} nested />
        ))}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
