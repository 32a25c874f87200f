import { Link, redirect } from "react-router";
import type { Route } from "./+types/order-invoice";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { InvoicePanel } from "~/components/atelier/invoice-panel";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { invoicePanelData, issueInvoice } from "~/modules/invoice/invoice.service.server";
import { orderOfPage } from "./order-page.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, pageError, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, staffActor } from "./staff-context.server";
import { requireIdParam } from "~/utils/id-param";
import { useTranslateErrors } from "~/components/ui/form-kit";
import { z } from "~/utils/zod";

/** The invoice panel's form (invoice-panel.tsx): its one button, no fields. */
const IssueInvoiceSchema = z.object({});

// /atelier/orders/:id/invoice: the order page's invoice panel posts here to issue the order's
// electronic invoice (docs/decisions/022), then goes back to the order with a notice. A refusal
// (no invoice asked, not paid, the file failing the schema) answers the error table's status
// with its message on this page, above the panel; a GET shows the panel alone.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const { order } = await orderOfPage(context, params);
  return {
    orderNumber: order.number,
    panel: await invoicePanelData(db, order),
    title: tns("atelier-invoices")("page.title", { number: order.number }),
    texts: pickTexts(locale, ["atelier-invoices"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, href, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const submission = parseForm(await readFormData(request), IssueInvoiceSchema);
  try {
    const { invoice, created } = await issueInvoice(db, id, { actor: staffActor(viewer) });
    addStaffNotice(context, { kind: "success", key: created ? "atelier-invoices:notices.issued" : "atelier-invoices:notices.alreadyIssued", values: { number: invoice.number } });
  } catch (error) {
    if (!isDomainError(error) || error.isPageError) pageError(error);
    return formError(submission, error);
  }
  throw redirect(href(`/atelier/orders/${id}`), 303);
}

export const headers = privatePageHeaders;

export default function AtelierOrderInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-invoices");
  const { href } = useLocale();
  const refusal = useTranslateErrors()(actionData?.result.error?.[""])?.[0];
  return (
    <>
      <PageHeader
        title={t("page.title", { number: loaderData.orderNumber })}
        actions={
          <Link to={href(`/atelier/orders/${loaderData.panel.orderId}`)} className="btn btn-secondary">
            {t("page.backToOrder")}
          </Link>
        }
      />
      {refusal ? (
        <p role="alert" className="mb-4 border border-sale/40 bg-sale/10 p-3 text-sm text-sale">
          {refusal}
        </p>
      ) : null}
      {loaderData.panel.request ? <InvoicePanel data={loaderData.panel} /> : <p>{t("errors.notRequested")}</p>}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
