import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FieldError, FormErrors, type FormKit, Hint, SubmitButton, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { CARRIERS } from "~/modules/order/carriers";
import { RETURN_REASONS } from "~/modules/order/return-refund";
import { withDateArticlesT } from "~/utils/date-article";
import type { DeskOrder, DeskOrderView } from "./types";

// The order page's forms: each posts to the page with an intent (order-desk.schema's DESK_INTENTS).

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A one-button step (its hidden fields as children); its error below the button. */
export function ActionForm({ intent, result, label, hint, secondary = false, children }: { intent: string; result: SubmissionResult<string[]> | undefined; label: string; hint?: string; secondary?: boolean; children?: ReactNode }) {
  const ref = useFormRef();
  const kit = useFormKit(`desk-${intent}`, result, [], ref);
  const pending = usePending(intent);
  return (
    <Form method="post" ref={ref} className="space-y-1" data-testid={`desk-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton pending={pending} pendingLabel={label} className={secondary ? "btn btn-secondary w-full" : "btn btn-primary w-full"}>
        {label}
      </SubmitButton>
      {hint ? <p className="text-xs text-stone">{hint}</p> : null}
      <FormErrors kit={kit} />
    </Form>
  );
}

export function ShipForm({ result, defaultCarrier }: { result: SubmissionResult<string[]> | undefined; defaultCarrier: string }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const ref = useFormRef();
  const kit = useFormKit("desk-ship", result, ["carrier", "tracking"], ref);
  const pending = usePending("ship");
  return (
    <Form method="post" ref={ref} className="space-y-2 border-b border-line pb-4" data-testid="desk-ship">
      <input type="hidden" name="intent" value="ship" />
      <div className="grid grid-cols-2 gap-2">
        <KitField kit={kit} name="carrier" label={t("actions.carrier")}>
          <select {...controlProps(kit, "carrier")} defaultValue={kit.value("carrier") || defaultCarrier} className="field-input">
            {CARRIERS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </KitField>
        <KitField kit={kit} name="tracking" label={t("actions.tracking")}>
          <input {...controlProps(kit, "tracking")} defaultValue={kit.value("tracking")} required minLength={6} maxLength={60} autoComplete="off" className="field-input font-mono" />
        </KitField>
      </div>
      <SubmitButton pending={pending} pendingLabel={t("actions.shipSubmit")} className="btn btn-primary w-full">
        {t("actions.shipSubmit")}
      </SubmitButton>
      <FormErrors kit={kit} />
    </Form>
  );
}

function KitField({ kit, name, label, children }: { kit: FormKit; name: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`${kit.id}-${name}`} className="mb-1 block text-xs font-medium">
        {label}
      </label>
      {children}
      <FieldError id={`${kit.id}-${name}-error`} errors={kit.errors(name)} />
    </div>
  );
}

/**
 * A requested return received line by line: how many units of each arrived (the units asked, to
 * start with). Units that did not arrive stay in an open return (the service's rule).
 */
export function ReceiveForm({ ret, lines, result }: { ret: DeskOrderView["returns"][number]; lines: DeskOrder["lines"]; result: SubmissionResult<string[]> | undefined }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const ref = useFormRef();
  const id = `desk-receive-${ret.id}`;
  const kit = useFormKit(
    id,
    result,
    ["lines", ...ret.lines.map((_, index) => `lines[${index}].quantity`)],
    ref,
  );
  const pending = usePending("receive");
  return (
    <Form method="post" ref={ref} className="mt-2 space-y-2 border-t border-line pt-2" data-testid="desk-receive">
      <input type="hidden" name="intent" value="receive" />
      <input type="hidden" name="returnId" value={ret.id} />
      <fieldset>
        <legend className="mb-1 font-medium">{t("actions.receive")}</legend>
        <Hint id={`${id}-lines-hint`}>{t("actions.receiveHint")}</Hint>
        <ul className="mt-2 space-y-2">
          {ret.lines.map((l, index) => {
            const line = lines.find((x) => x.id === l.orderLineId);
            const name = `lines[${index}].quantity`;
            const kept = kit.value(name);
            return (
              <li key={l.orderLineId} className="grid max-w-md grid-cols-[1fr_4.5rem] items-center gap-x-2">
                <ReceivedQuantity
                  index={index}
                  line={{ orderLineId: l.orderLineId, name: line?.name ?? "", size: line?.size ?? "", quantity: l.quantity }}
                  control={{ ...controlProps(kit, name), "aria-describedby": `${id}-lines-hint ${id}-${name}-error ${id}-lines-error` }}
                  defaultValue={result ? kept : String(l.quantity)}
                />
                <div className="col-span-2">
                  <FieldError id={`${id}-${name}-error`} errors={kit.errors(name)} />
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FieldError id={`${id}-lines-error`} errors={kit.errors("lines")} />
      <SubmitButton pending={pending} pendingLabel={t("actions.receive")} className="btn btn-secondary">
        {t("actions.receive")}
      </SubmitButton>
      <FormErrors kit={kit} />
    </Form>
  );
}

/**
 * How many units of a return's line arrived (its line's id posted beside it): the label, then the
 * field, the units asked to start with. `control` the field's id and its ARIA links.
 */
export function ReceivedQuantity({
  index,
  line,
  control,
  defaultValue,
  labelClassName,
  inputClassName,
}: {
  index: number;
  line: { orderLineId: number; name: string; size: string; quantity: number };
  control: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string; autoFocus?: boolean };
  defaultValue: string | number;
  labelClassName?: string;
  /** The field's width, where the line is narrow. */
  inputClassName?: string;
}) {
  const { t } = useTranslation("atelier-orders");
  return (
    <>
      <input type="hidden" name={`lines[${index}].orderLineId`} value={line.orderLineId} />
      <label htmlFor={control.id} className={labelClassName}>
        {t("actions.receivedQuantity", { name: line.name, size: line.size, quantity: line.quantity })}
      </label>
      <input
        {...control}
        name={`lines[${index}].quantity`}
        // Text, not number: whatever was typed comes back as it was, next to its message.
        type="text"
        inputMode="numeric"
        pattern="[0-9]+"
        maxLength={3}
        autoComplete="off"
        required
        defaultValue={defaultValue}
        className={["field-input", inputClassName, "text-right"].filter(Boolean).join(" ")}
      />
    </>
  );
}

export function NoteForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const ref = useFormRef();
  const kit = useFormKit("desk-note", result, ["body"], ref);
  const pending = usePending("note");
  return (
    <Form method="post" ref={ref} className="space-y-2" data-testid="desk-note">
      <input type="hidden" name="intent" value="note" />
      <label htmlFor="desk-note-body" className="block text-sm font-medium">
        {t("order.noteLabel")}
      </label>
      <textarea {...controlProps(kit, "body", { hint: true })} defaultValue={kit.value("body")} rows={3} maxLength={2000} required className="field-input" />
      <Hint id="desk-note-body-hint">{t("order.noteHint")}</Hint>
      <FieldError id="desk-note-body-error" errors={kit.errors("body")} />
      <SubmitButton pending={pending} pendingLabel={t("order.noteSubmit")} className="btn btn-secondary">
        {t("order.noteSubmit")}
      </SubmitButton>
      <FormErrors kit={kit} />
    </Form>
  );
}

/**
 * A return opened for the customer (issue 42 part 3: they came to the shop or called): per line
 * still returnable, how many pieces come back and why; the return fee waived or not. The
 * customer gets the return e-mail with what to send back and how.
 */
export function OpenReturnForm({ lines, result }: { lines: DeskOrder["lines"]; result: SubmissionResult<string[]> | undefined }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const reasons = useTranslation("orders").t;
  const ref = useFormRef();
  const returnable = lines.filter((line) => line.returnable > 0);
  const id = "desk-openReturn";
  const kit = useFormKit(id, result, ["lines", ...returnable.flatMap((_, index) => [`lines[${index}].quantity`, `lines[${index}].reason`])], ref);
  const pending = usePending("openReturn");
  return (
    <details className="border-t border-line pt-3" open={result?.status === "error" || undefined} data-testid="desk-open-return">
      <summary className="cursor-pointer font-medium">{t("actions.openReturn")}</summary>
      <Form method="post" ref={ref} noValidate={kit.hydrated} className="mt-2 space-y-3">
        <input type="hidden" name="intent" value="openReturn" />
        <p className="text-xs text-stone">{t("actions.openReturnHint")}</p>
        <FormErrors kit={kit} />
        <ul className="space-y-3">
          {returnable.map((line, index) => {
            const quantity = `lines[${index}].quantity`;
            const reason = `lines[${index}].reason`;
            return (
              <li key={line.id} className="space-y-1">
                <input type="hidden" name={`lines[${index}].orderLineId`} value={line.id} />
                <p className="text-sm">
                  {line.name} <span className="text-stone">· {line.size}</span>
                </p>
                <div className="grid grid-cols-[4.5rem_1fr] gap-2">
                  <div>
                    <label htmlFor={`${id}-${quantity}`} className="mb-1 block text-xs font-medium">
                      {t("actions.openReturnQuantity", { count: line.returnable })}
                    </label>
                    <select {...controlProps(kit, quantity)} defaultValue={kit.value(quantity) || "0"} className="field-input">
                      {Array.from({ length: line.returnable + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor={`${id}-${reason}`} className="mb-1 block text-xs font-medium">
                      {t("actions.openReturnReason")}
                    </label>
                    <select {...controlProps(kit, reason)} defaultValue={kit.value(reason)} className="field-input">
                      <option value="">{reasons("return.reasonPlaceholder")}</option>
                      {RETURN_REASONS.map((value) => (
                        <option key={value} value={value}>
                          {reasons(`return.reasons.${value}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <FieldError id={`${id}-${quantity}-error`} errors={kit.errors(quantity)} />
                <FieldError id={`${id}-${reason}-error`} errors={kit.errors(reason)} />
              </li>
            );
          })}
        </ul>
        <FieldError id={`${id}-lines-error`} errors={kit.errors("lines")} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="waiveFee" defaultChecked={kit.checked("waiveFee")} className="mt-0.5 size-5 accent-ink" />
          <span>{t("actions.waiveFee")}</span>
        </label>
        <SubmitButton pending={pending} pendingLabel={t("actions.openReturnSubmit")} className="btn btn-secondary w-full">
          {t("actions.openReturnSubmit")}
        </SubmitButton>
      </Form>
    </details>
  );
}
