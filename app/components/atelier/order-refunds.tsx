import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { HeadRow } from "~/components/atelier/kit";
import { FieldError, FormErrors, Hint, SubmitButton, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { REFUND_REASON_MAX } from "~/modules/order/refund-desk.schema";
import { formatRomeShortDateTime } from "~/utils/dates";
import { INTL_LOCALE } from "~/utils/locale";
import { formatMoney } from "~/utils/money";

// The order desk's refunds (issue 37): the form that asks for an amount's refund (its first
// step: it posts to the refund page, which shows what would happen before anything moves), and
// the order's refunds with their state: a bank transfer's "to wire" links to the page where the
// staff record the transfer they sent.

/** The amount's refund, first step: an amount and a reason, posted to /atelier/orders/:id/refund. */
export function RefundAmountForm({ orderId, leftCents, result }: { orderId: number; leftCents: number; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const ref = useFormRef();
  const kit = useFormKit("desk-refund", result, ["amount", "reason"], ref);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "preview";
  return (
    <Form method="post" action={href(`/atelier/orders/${orderId}/refund`)} ref={ref} className="space-y-2 border-b border-line pb-4" data-testid="desk-refund">
      <input type="hidden" name="intent" value="preview" />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">{t("actions.refundAmount")}</legend>
        <div>
          <label htmlFor="desk-refund-amount" className="mb-1 block text-xs font-medium">
            {t("refund.amount")}
          </label>
          <input {...controlProps(kit, "amount", { hint: true })} defaultValue={kit.value("amount")} required inputMode="decimal" maxLength={20} autoComplete="off" className="field-input text-right tabular-nums" />
          <Hint id="desk-refund-amount-hint">{t("refund.amountHint", { left: formatMoney(leftCents, locale) })}</Hint>
          <FieldError id="desk-refund-amount-error" errors={kit.errors("amount")} />
        </div>
        <div>
          <label htmlFor="desk-refund-reason" className="mb-1 block text-xs font-medium">
            {t("refund.reason")}
          </label>
          <input {...controlProps(kit, "reason", { hint: true })} defaultValue={kit.value("reason")} required minLength={3} maxLength={REFUND_REASON_MAX} autoComplete="off" className="field-input" />
          <Hint id="desk-refund-reason-hint">{t("refund.reasonHint")}</Hint>
          <FieldError id="desk-refund-reason-error" errors={kit.errors("reason")} />
        </div>
      </fieldset>
      <SubmitButton pending={pending} pendingLabel={t("refund.continue")} className="btn btn-primary w-full">
        {t("refund.continue")}
      </SubmitButton>
      <FormErrors kit={kit} />
    </Form>
  );
}

export interface RefundRow {
  id: number;
  amountCents: number;
  status: "pending" | "done";
  createdAt: string;
  reason: string | null;
  provider: string;
  transferDate: string | null;
  transferReference: string | null;
}

/** The order's refunds: when, how much, why, and their state ("to wire" with its link to record the transfer). */
export function RefundsTable({ orderId, refunds }: { orderId: number; refunds: RefundRow[] }) {
  const { t } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const day = (iso: string) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "short", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  return (
    // Narrow screens scroll the table sideways rather than squeeze its words a letter a line.
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] border-collapse text-sm" data-testid="desk-refunds">
        <thead className="bg-sand/60">
          <HeadRow cell="px-2 py-1 font-medium whitespace-nowrap" columns={[{ label: t("order.when") }, { label: t("order.amount"), numeric: true }, { label: t("list.status") }, { label: t("order.refundReason") }]} />
        </thead>
        <tbody>
          {refunds.map((r) => {
            const toWire = r.status === "pending" && r.provider === "bank_transfer";
            return (
              <tr key={r.id} className="border-t border-line align-top" data-testid="desk-refund-row">
                <td className="px-2 py-1 whitespace-nowrap">{formatRomeShortDateTime(r.createdAt, locale)}</td>
                <td className="px-2 py-1 text-right whitespace-nowrap tabular-nums">{formatMoney(r.amountCents, locale)}</td>
                <td className="px-2 py-1">
                  <span className="block">{toWire ? t("status.refund.toWire") : t(`status.refund.${r.status}`)}</span>
                  {r.transferDate && r.transferReference ? <span className="block text-xs text-stone [overflow-wrap:anywhere]">{t("order.refundTransfer", { date: day(r.transferDate), reference: r.transferReference })}</span> : null}
                  {toWire ? (
                    <Link to={href(`/atelier/orders/${orderId}/refunds/${r.id}`)} className="link text-xs">
                      {t("actions.recordTransfer", { amount: formatMoney(r.amountCents, locale) })}
                    </Link>
                  ) : null}
                </td>
                <td className="px-2 py-1 [overflow-wrap:anywhere]">{r.reason ?? "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
