import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/order-cancel";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Field, FormErrors, SubmitButton, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { creditNotesAfterRefund, refundInvoiceEffect } from "~/modules/invoice/credit-note.service.server";
import { CANCEL_MESSAGE_MAX, CANCEL_REASONS, CancelActionSchema } from "~/modules/order/refund-desk.schema";
import { previewCancel } from "~/modules/order/refund-desk.service.server";
import { cancelOrder } from "~/modules/order/returns.service.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { requireIdParam } from "~/utils/id-param";
import { orderOfPage } from "./order-page.server";
import { addStaffNotice, refundAuthority, staffActor } from "./staff-context.server";

// /atelier/orders/:id/cancel: a cancellation's confirmation step (issue 37). The page says what
// cancelling does (stock back; the refund's amount, how it goes back and what happens to the
// invoice), asks the reason the shopper's e-mail gives (and an optional message), and its button
// cancels. Nothing happens on the GET; an order that can no longer be cancelled says so.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const { orderId, order } = await orderOfPage(context, params);
  const preview = await previewCancel(db, orderId).catch((error: unknown) => {
    if (isDomainError(error) && error.code === "ILLEGAL_TRANSITION") return null;
    throw error;
  });
  return {
    orderId,
    orderNumber: order.number,
    preview,
    effect: preview?.refundCents ? await refundInvoiceEffect(db, order) : null,
    title: tns("atelier-orders")("cancel.title", { number: order.number }),
    texts: pickTexts(locale, ["atelier-orders", "orders"]),
  };
}

export const headers = privatePageHeaders;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env, href, staff: viewer } = getAtelierContext(context);
  const orderId = requireIdParam(params.id);
  const submission = parseForm(await readFormData(request), CancelActionSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const actor = staffActor(viewer);
  let refundId: number | null;
  try {
    refundId = await cancelOrder(db, paymentProvider(env), orderId, new Date(), refundAuthority(viewer), { reason: submission.value.reason, message: submission.value.message ?? null });
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "atelier-orders:notice.cancelled" });
  if (refundId !== null && !(await creditNotesAfterRefund(db, orderId, actor))) addStaffNotice(context, { kind: "warning", key: "atelier-orders:notice.creditNoteFailed" });
  throw redirect(href(`/atelier/orders/${orderId}`), 303);
}

export default function AtelierOrderCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const { preview, effect } = loaderData;
  const ref = useFormRef();
  const kit = useFormKit("desk-cancel", actionData?.result, ["reason", "message"], ref);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const back = href(`/atelier/orders/${loaderData.orderId}`);
  const amount = preview ? formatMoney(preview.refundCents, locale) : "";
  const label = preview?.refundCents ? t("cancel.confirmRefund", { amount }) : t("cancel.confirm");
  return (
    <>
      <PageHeader
        title={t("cancel.title", { number: loaderData.orderNumber })}
        actions={
          <Link to={back} className="btn btn-secondary">
            {t("refund.backToOrder")}
          </Link>
        }
      />
      {preview ? (
        <section aria-labelledby="cancel-confirm-title" className="max-w-xl space-y-4 border border-line bg-paper p-4" data-testid="cancel-confirm">
          <h2 id="cancel-confirm-title" className="font-display text-xl">
            {t("cancel.confirmTitle")}
          </h2>
          <p className="text-sm">{t("cancel.intro")}</p>
          {preview.refundCents && preview.route && effect ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-stone">{t("cancel.refund")}</dt>
              <dd className="font-medium tabular-nums" data-testid="refund-amount">
                {amount}
              </dd>
              <dt className="text-stone">{t("refund.summaryMethod")}</dt>
              <dd data-testid="refund-route">{preview.route === "bank_transfer" ? t("refund.routeTransfer") : t("refund.routeProvider")}</dd>
              <dt className="text-stone">{t("refund.summaryInvoice")}</dt>
              <dd data-testid="refund-invoice">
                {effect.kind === "creditNote" ? t("refund.invoiceCreditNote", { number: effect.invoiceNumber }) : effect.kind === "notIssued" ? t("refund.invoiceNotIssued") : t("refund.invoiceNone")}
              </dd>
            </dl>
          ) : (
            <p className="text-sm">{t("cancel.noRefund")}</p>
          )}
          <Form method="post" ref={ref} className="space-y-3">
            <Field kit={kit} name="reason" label={t("cancel.reason")}>
              <select {...controlProps(kit, "reason")} defaultValue={kit.value("reason") || "customer_request"} className="field-input">
                {CANCEL_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`cancel.reasons.${reason}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field kit={kit} name="message" label={t("cancel.message")} hint={t("cancel.messageHint")}>
              <textarea {...controlProps(kit, "message", { hint: true })} defaultValue={kit.value("message")} rows={3} maxLength={CANCEL_MESSAGE_MAX} className="field-input" />
            </Field>
            <SubmitButton pending={pending} pendingLabel={label}>
              {label}
            </SubmitButton>
            <FormErrors kit={kit} />
          </Form>
        </section>
      ) : (
        <p>{t("cancel.notPossible")}</p>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
