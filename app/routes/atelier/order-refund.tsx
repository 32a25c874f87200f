import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/order-refund";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { RefundAmountForm } from "~/components/atelier/order-refunds";
import { PageHeader } from "~/components/atelier/page-header";
import { SubmitButton } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { creditNotesAfterRefund, type InvoiceEffect, refundInvoiceEffect } from "~/modules/invoice/credit-note.service.server";
import { REFUND_INTENTS, RefundActionSchema } from "~/modules/order/refund-desk.schema";
import { previewAmountRefund, previewReturnsRefund, type RefundRoute, refundAmount, refundableOf, refundOfOrder } from "~/modules/order/refund-desk.service.server";
import { refundOrder } from "~/modules/order/returns.service.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, pageError, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney, toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { requireIdParam } from "~/utils/id-param";
import { orderOfPage } from "./order-page.server";
import { addStaffNotice, refundAuthority, staffActor } from "./staff-context.server";

// /atelier/orders/:id/refund: a refund's confirmation step (issue 37). The order page's form
// posts an amount and a reason here with intent=preview: the answer is this page showing the
// amount, how the money goes back (the provider, or a transfer to send) and what happens to the
// invoice (a credit note), and nothing has moved; its button posts intent=confirm with the same
// fields, and the refund is made (the rules checked again on the locked order). ?due=returns
// shows the received returns' refund for confirmation (intent=confirmReturns). Bad input: the
// form again here, at its field. Works without JavaScript: every step is a form post.

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const { orderId, order } = await orderOfPage(context, params);
  const refundable = await refundableOf(db, orderId).catch(pageError);
  const effect = await refundInvoiceEffect(db, order);
  const wantsReturns = new URL(request.url).searchParams.get("due") === "returns";
  const returns = wantsReturns ? await previewReturnsRefund(db, orderId).catch((error: unknown) => (isDomainError(error) ? null : Promise.reject(error))) : null;
  return {
    refundable,
    effect,
    returns,
    title: tns("atelier-orders")("refund.title", { number: refundable.orderNumber }),
    texts: pickTexts(locale, ["atelier-orders", "orders"]),
  };
}

export const headers = privatePageHeaders;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env, href, staff: viewer } = getAtelierContext(context);
  const orderId = requireIdParam(params.id);
  const submission = parseIntentForm(await readFormData(request), RefundActionSchema, REFUND_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(viewer);
  const by = refundAuthority(viewer);
  let route: RefundRoute;
  try {
    if (form.intent === "preview") {
      // The first step: what would happen. Nothing is written.
      const preview = await previewAmountRefund(db, orderId, { amountCents: form.amount, reason: form.reason }, by);
      return { preview: { ...preview, amountText: toEuroInput(preview.amountCents) } };
    }
    if (form.intent === "confirm") {
      const refundId = await refundAmount(db, paymentProvider(env), orderId, { amountCents: form.amount, reason: form.reason }, new Date(), by);
      route = (await refundOfOrder(db, orderId, refundId)).route;
    } else {
      route = (await previewReturnsRefund(db, orderId)).route;
      await refundOrder(db, paymentProvider(env), orderId, new Date(), by);
    }
  } catch (error) {
    return formError(submission, error);
  }
  const noted = await creditNotesAfterRefund(db, orderId, actor);
  addStaffNotice(context, { kind: "success", key: route === "bank_transfer" ? "atelier-orders:notice.refundToWire" : "atelier-orders:notice.refunded" });
  if (!noted) addStaffNotice(context, { kind: "warning", key: "atelier-orders:notice.creditNoteFailed" });
  throw redirect(href(`/atelier/orders/${orderId}`), 303);
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function AtelierOrderRefund({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href } = useLocale();
  const { refundable, effect, returns } = loaderData;
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  // A step refused (bad input, or another refund took what was left meanwhile): the form again, with its message.
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const back = href(`/atelier/orders/${refundable.orderId}`);
  return (
    <>
      <PageHeader
        title={t("refund.title", { number: refundable.orderNumber })}
        actions={
          <Link to={back} className="btn btn-secondary">
            {t("refund.backToOrder")}
          </Link>
        }
      />
      <div className="max-w-xl space-y-6">
        {preview ? (
          <ConfirmAmount preview={preview} effect={effect} back={back} />
        ) : returns && !result ? (
          <ConfirmReturns returns={returns} effect={effect} />
        ) : refundable.canRefund || result ? (
          <section aria-labelledby="refund-form-title" className="border border-line bg-paper p-4">
            <h2 id="refund-form-title" className="sr-only">
              {t("actions.refundAmount")}
            </h2>
            <RefundAmountForm orderId={refundable.orderId} leftCents={refundable.leftCents} result={result} />
          </section>
        ) : (
          <p>{t("refund.none")}</p>
        )}
      </div>
    </>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function EffectLines({ route, effect, amountCents }: { route: RefundRoute; effect: InvoiceEffect; amountCents: number }) {
  const { t } = useTranslation("atelier-orders");
  const { locale } = useLocale();
  return (
    <>
      <dt className="text-stone">{t("refund.summaryAmount")}</dt>
      <dd className="font-medium tabular-nums" data-testid="refund-amount">
        {formatMoney(amountCents, locale)}
      </dd>
      <dt className="text-stone">{t("refund.summaryMethod")}</dt>
      <dd data-testid="refund-route">{route === "bank_transfer" ? t("refund.routeTransfer") : t("refund.routeProvider")}</dd>
      <dt className="text-stone">{t("refund.summaryInvoice")}</dt>
      <dd data-testid="refund-invoice">
        {effect.kind === "creditNote" ? t("refund.invoiceCreditNote", { number: effect.invoiceNumber }) : effect.kind === "notIssued" ? t("refund.invoiceNotIssued") : t("refund.invoiceNone")}
      </dd>
    </>
  );
}

function ConfirmAmount({ preview, effect, back }: { preview: NonNullable<Extract<Route.ComponentProps["actionData"], { preview: unknown }>>["preview"]; effect: InvoiceEffect; back: string }) {
  const { t } = useTranslation("atelier-orders");
  const { locale } = useLocale();
  const pending = useSubmitting("confirm");
  const label = t("refund.confirm", { amount: formatMoney(preview.amountCents, locale) });
  return (
    <section aria-labelledby="refund-confirm-title" className="space-y-4 border border-line bg-paper p-4" data-testid="refund-confirm">
      <h2 id="refund-confirm-title" className="font-display text-xl">
        {t("refund.confirmTitle")}
      </h2>
      <p className="text-sm">{t("refund.confirmIntro")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <EffectLines route={preview.route} effect={effect} amountCents={preview.amountCents} />
        <dt className="text-stone">{t("refund.summaryReason")}</dt>
        <dd className="[overflow-wrap:anywhere]">{preview.reason}</dd>
        <dt className="text-stone">{t("refund.summaryOrder")}</dt>
        <dd>{preview.beforeShipping ? t("refund.orderBeforeShipping") : t("refund.orderAfterShipping")}</dd>
      </dl>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="amount" value={preview.amountText} />
        <input type="hidden" name="reason" value={preview.reason ?? ""} />
        <SubmitButton pending={pending} pendingLabel={label}>
          {label}
        </SubmitButton>
        <Link to={back} className="link text-sm">
          {t("refund.backToOrder")}
        </Link>
      </Form>
    </section>
  );
}

function ConfirmReturns({ returns, effect }: { returns: NonNullable<LoaderData["returns"]>; effect: InvoiceEffect }) {
  const { t } = useTranslation("atelier-orders");
  const { locale } = useLocale();
  const pending = useSubmitting("confirmReturns");
  const label = t("refund.confirmReturns", { amount: formatMoney(returns.amountCents, locale) });
  return (
    <section aria-labelledby="refund-returns-title" className="space-y-4 border border-line bg-paper p-4" data-testid="refund-confirm">
      <h2 id="refund-returns-title" className="font-display text-xl">
        {t("refund.returnsTitle")}
      </h2>
      <p className="text-sm">
        {t("refund.returnsIntro", { count: returns.returns })} {t("refund.confirmIntro")}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <EffectLines route={returns.route} effect={effect} amountCents={returns.amountCents} />
      </dl>
      <Form method="post">
        <input type="hidden" name="intent" value="confirmReturns" />
        <SubmitButton pending={pending} pendingLabel={label}>
          {label}
        </SubmitButton>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
