import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/order-refund-transfer";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { RefundTransferSchema } from "~/modules/order/refund-desk.schema";
import { recordRefundTransfer, refundOfOrder } from "~/modules/order/refund-desk.service.server";
import { formError, invalidForm, pageError, parseForm, readFormData } from "~/utils/form.server";
import { INTL_LOCALE } from "~/utils/locale";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { requireIdParam } from "~/utils/id-param";
import { addStaffNotice, staffActor } from "./staff-context.server";

// /atelier/orders/:id/refunds/:refundId: a bank transfer's refund (issue 37). It stays "to wire"
// until the staff send the transfer from the shop's bank and record it here, with its day and
// CRO/TRN: the refund is then done, the shopper mailed, the step audited. A provider's refund, or
// one recorded already, shows what it is and takes no form.

function idsOf(params: { id?: string; refundId?: string }) {
  return { orderId: requireIdParam(params.id), refundId: requireIdParam(params.refundId) };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const { orderId, refundId } = idsOf(params);
  const refund = await refundOfOrder(db, orderId, refundId).catch(pageError);
  return {
    refund,
    today: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date()),
    title: tns("atelier-orders")("transfer.title", { number: refund.orderNumber }),
    texts: pickTexts(locale, ["atelier-orders"]),
  };
}

export const headers = privatePageHeaders;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, href, staff: viewer } = getAtelierContext(context);
  const { orderId, refundId } = idsOf(params);
  const submission = parseForm(await readFormData(request), RefundTransferSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await recordRefundTransfer(db, orderId, refundId, submission.value, staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "atelier-orders:notice.transferRecorded" });
  throw redirect(href(`/atelier/orders/${orderId}`), 303);
}

export default function AtelierRefundTransfer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const { refund } = loaderData;
  const ref = useFormRef();
  const kit = useFormKit("refund-transfer", actionData?.result, ["date", "reference"], ref);
  const pending = useNavigation().state === "submitting";
  const amount = formatMoney(refund.amountCents, locale);
  return (
    <>
      <PageHeader
        title={t("transfer.title", { number: refund.orderNumber })}
        actions={
          <Link to={href(`/atelier/orders/${refund.orderId}`)} className="btn btn-secondary">
            {t("refund.backToOrder")}
          </Link>
        }
      />
      <section aria-labelledby="transfer-title" className="max-w-xl space-y-4 border border-line bg-paper p-4" data-testid="refund-transfer">
        <h2 id="transfer-title" className="font-display text-xl">
          {refund.status === "pending" && refund.route === "bank_transfer" ? t("status.refund.toWire") : t(`status.refund.${refund.status}`)} · {amount}
        </h2>
        {refund.reason ? <p className="text-sm [overflow-wrap:anywhere]">{t("refund.summaryReason")}: {refund.reason}</p> : null}
        {refund.status === "done" && refund.transferDate && refund.transferReference ? (
          <p>{t("transfer.done", { date: new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${refund.transferDate}T00:00:00Z`)), reference: refund.transferReference })}</p>
        ) : refund.route !== "bank_transfer" ? (
          <p>{t("transfer.notTransfer")}</p>
        ) : (
          <>
            <p className="text-sm">{t("transfer.intro", { amount })}</p>
            <Form method="post" ref={ref} className="space-y-3">
              <TextField kit={kit} name="date" label={t("transfer.date")} type="date" required max={loaderData.today} />
              <TextField kit={kit} name="reference" label={t("transfer.reference")} hint={t("transfer.referenceHint")} required maxLength={60} autoComplete="off" spellCheck={false} />
              <SubmitButton pending={pending} pendingLabel={t("transfer.submit")}>
                {t("transfer.submit")}
              </SubmitButton>
              <FormErrors kit={kit} />
            </Form>
          </>
        )}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
