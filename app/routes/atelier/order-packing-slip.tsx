import { Link } from "react-router";
import type { Route } from "./+types/order-packing-slip";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PackingSlipSheet } from "~/components/atelier/packing-slip";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { packingSlipOf } from "~/modules/order/order-desk.service.server";
import { legalNotice } from "~/modules/settings/seller";
import { getSellerIdentity } from "~/modules/settings/seller.service.server";

import { pageError } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { idParam } from "~/utils/id-param";

// /atelier/orders/:id/packing-slip: what goes in the parcel, to print and put in it
// (components/atelier/packing-slip.tsx); the print stylesheet leaves out this page's button.
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  try {
    const slip = await packingSlipOf(db, idParam(params.id), locale);
    const seller = legalNotice(await getSellerIdentity(db), locale);
    return { slip, seller, title: tns("atelier-orders")("meta.packingSlip", { number: slip.number }), texts: pickTexts(locale, ["atelier-orders", "checkout"]) };
  } catch (error) {
    pageError(error);
  }
}

export const headers = privatePageHeaders;

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href } = useLocale();
  const { slip, seller } = loaderData;
  const hydrated = useHydrated();
  return (
    <PackingSlipSheet
      slip={slip}
      seller={seller}
      toolbar={
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
      }
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
