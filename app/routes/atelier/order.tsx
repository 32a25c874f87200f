import type { ReactNode } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { OrderDeskBadges } from "~/components/atelier/order-desk-badges";
import { CreditNotes } from "~/components/atelier/credit-notes";
import { InvoicePanel } from "~/components/atelier/invoice-panel";
import { RefundAmountForm, RefundsTable } from "~/components/atelier/order-refunds";
import { StatusBadge } from "~/components/atelier/status-badge";
import { AddressBlock } from "~/components/checkout/checkout-frame";
import { FieldError, Hint, SubmitButton, controlProps, FormErrors, type FormKit, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext, getRequestContext } from "~/middleware/request-context.server";
import { creditNotesPanelData } from "~/modules/invoice/credit-note.service.server";
import { invoicePanelData } from "~/modules/invoice/invoice.service.server";
import { CARRIERS, carrierByName } from "~/modules/order/carriers";
import { confirmTransfer, deliverOrder, shipOrder } from "~/modules/order/fulfilment.service.server";
import { DESK_INTENTS, DeskOrderActionSchema } from "~/modules/order/order-desk.schema";
import { addOrderNote, getDeskOrder } from "~/modules/order/order-desk.service.server";
import { displayedPaymentStatus, nextOrderState, type OrderPaymentStatus, type OrderStatus } from "~/modules/order/order-state";
import { refundableOf } from "~/modules/order/refund-desk.service.server";
import { markReturnReceived } from "~/modules/order/returns.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { DomainError } from "~/utils/domain-error";
import { formError, invalidForm, pageError, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierRedirectTarget, staffActor } from "./staff-context.server";
import { idParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";

// /atelier/orders/:id: one order as the shop holds it (lines with pictures, totals, addresses,
// invoice request, payments and the provider's events, returns, a timeline of its changes and
// e-mails, internal notes, its audit trail) and the steps its state allows, each a form posting
// here with an intent and going through the order services, which record the audit entry.

async function deskOrder(context: Route.LoaderArgs["context"], id: string | undefined) {
  const { db, locale } = getRequestContext(context);
  return getDeskOrder(db, idParam(id), locale).catch(pageError);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const page = await deskOrder(context, params.id);
  const [settings, invoicePanel, creditNotes, refundable] = await Promise.all([getShopSettings(db), invoicePanelData(db, page.order), creditNotesPanelData(db, page.order.id), refundableOf(db, page.order.id)]);
  const { order, returns, refunds } = page;
  const state = { status: order.status, paymentStatus: order.paymentStatus, shippingStatus: order.shippingStatus };
  const refundedReturns = new Set(refunds.map((r) => r.returnId));
  const can = {
    paid: order.paymentStatus === "awaiting_transfer" && nextOrderState(state, { type: "pay" }) !== null,
    ship: nextOrderState(state, { type: "ship" }) !== null,
    deliver: nextOrderState(state, { type: "deliver" }) !== null,
    cancel: nextOrderState(state, { type: "cancel" }) !== null,
    // An amount's refund and the received returns' refund go through their confirmation page (order-refund.tsx).
    refund: refundable.canRefund,
    receive: returns.filter((r) => r.status === "requested").map((r) => r.id),
    refundReturns: returns.some((r) => r.status === "received" && !refundedReturns.has(r.id)),
  };
  return {
    ...page,
    can,
    invoicePanel,
    creditNotes,
    refundLeftCents: refundable.leftCents,
    defaultCarrier: carrierByName(settings.courier)?.id ?? CARRIERS[0].id,
    title: tns("atelier-orders")("meta.order", { number: order.number }),
    texts: pickTexts(locale, ["atelier-orders", "atelier-invoices", "orders", "checkout"]),
  };
}

export const headers = privatePageHeaders;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, href, staff: viewer } = getAtelierContext(context);
  const orderId = idParam(params.id);
  const formData = await readFormData(request);
  const submission = parseIntentForm(formData, DeskOrderActionSchema, DESK_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(viewer);
  const now = new Date();
  let notice: string;
  try {
    if (orderId === null) throw new DomainError("ORDER_NOT_FOUND", "No such order id.");
    switch (form.intent) {
      case "note":
        await addOrderNote(db, orderId, form.body, actor, now);
        notice = "noteAdded";
        break;
      case "paid":
        await confirmTransfer(db, orderId, now, actor);
        notice = "paid";
        break;
      case "ship":
        await shipOrder(db, orderId, { trackingNumber: form.tracking, carrier: form.carrier }, now, actor);
        notice = "shipped";
        break;
      case "deliver":
        await deliverOrder(db, orderId, now, actor);
        notice = "delivered";
        break;
      case "receive":
        await markReturnReceived(db, orderId, now, { actor, returnId: form.returnId, lines: form.lines });
        notice = "received";
        break;
    }
  } catch (error) {
    // An unknown order is the page's 404, whatever the form; a rule broken is the form's error.
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: `atelier-orders:notice.${notice}` });
  // A step taken from another Atelier list (the open returns) goes back there; any other target is the order's page.
  const back = formData.get("back");
  throw redirect(back ? atelierRedirectTarget(context, back) : href(`/atelier/orders/${orderId}`), 303);
}

type LoaderData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function AtelierOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { t: tc } = useTranslation("checkout");
  const { href, locale } = useLocale();
  const { order, shipment, can } = loaderData;
  const money = (cents: number) => formatMoney(cents, locale);
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const intent = typeof result?.initialValue?.intent === "string" ? result.initialValue.intent : null;
  const resultFor = (name: string) => (intent === name ? result : undefined);
  // A receipt's answer goes to its return's form (or, for a return no longer waiting, the first one's).
  const receiptOf = resultFor("receive")?.initialValue?.returnId;
  const receiptFor = can.receive.includes(Number(receiptOf)) ? Number(receiptOf) : can.receive[0];
  // "shipped/paid/shipped" as the badges' words.
  const stateWords = (state: string) => {
    const [status, payment, shipping] = state.split("/");
    const shown = displayedPaymentStatus({ status: status as OrderStatus, paymentStatus: payment as OrderPaymentStatus });
    return [t(`status.order.${status}` as "status.order.shipped"), t(`status.payment.${shown}` as "status.payment.paid"), t(`status.shipping.${shipping}` as "status.shipping.shipped")].join(" · ");
  };
  return (
    <article aria-labelledby="page-title" data-testid="desk-order">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-line pb-4">
        <div className="min-w-0 space-y-2">
          <Link to={href("/atelier/orders")} className="link text-sm">
            ← {t("order.back")}
          </Link>
          <h1 id="page-title" className="font-mono text-3xl">
            {order.number}
          </h1>
          <p className="text-sm text-stone">{t("order.placed", { date: formatRomeShortDateTime(order.placedAt, locale) })}</p>
          <OrderDeskBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} />
        </div>
        <Link to={href(`/atelier/orders/${order.id}/packing-slip`)} className="btn btn-secondary">
          {t("order.packingSlip")}
        </Link>
      </header>

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Panel id="lines" title={t("order.lines")}>
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <thead className="bg-sand/60">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      {t("order.item")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("order.quantity")}
                    </th>
                    <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                      {t("order.unit")}
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      {t("order.lineTotal")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.id} className="border-t border-line align-top" data-testid="desk-order-line">
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        <span className="flex gap-3">
                          {line.image ? (
                            <img src={line.image.src} srcSet={line.image.srcSet} sizes="48px" width={line.image.width} height={line.image.height} alt="" loading="lazy" className="h-16 w-12 shrink-0 bg-ivory object-cover" />
                          ) : (
                            <span className="h-16 w-12 shrink-0 bg-ivory" />
                          )}
                          <span className="min-w-0">
                            <span className="block font-medium">{line.name}</span>{" "}
                            <span className="block text-xs text-stone">
                              {line.color}, {line.size}
                              <span className="hidden sm:inline">
                                {" "}
                                · <span className="font-mono">{line.sku}</span>
                              </span>
                            </span>
                          </span>
                        </span>
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                      <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">{money(line.unitCents)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(line.totalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm tabular-nums">
              <dt>{t("order.subtotal")}</dt>
              <dd className="text-right">{money(order.subtotalCents)}</dd>
              {order.discountCents ? (
                <>
                  <dt>{order.couponCode ? `${t("order.discount")} (${order.couponCode})` : t("order.discount")}</dt>
                  <dd className="text-right">−{money(order.discountCents)}</dd>
                </>
              ) : null}
              <dt>{t("order.shippingCost")}</dt>
              <dd className="text-right">{money(order.shippingCents)}</dd>
              <dt className="font-medium">{t("order.total")}</dt>
              <dd className="text-right font-medium">{money(order.totalCents)}</dd>
              <dt className="text-stone">{t("order.vat")}</dt>
              <dd className="text-right text-stone">{money(order.vatCents)}</dd>
              {order.refundedCents ? (
                <>
                  <dt>{t("order.refunded")}</dt>
                  <dd className="text-right">−{money(order.refundedCents)}</dd>
                </>
              ) : null}
              {loaderData.pendingRefundCents ? (
                <>
                  <dt>{t("order.pendingRefund")}</dt>
                  <dd className="text-right">{money(loaderData.pendingRefundCents)}</dd>
                </>
              ) : null}
            </dl>
          </Panel>

          {loaderData.returns.length ? (
            <Panel id="returns" title={t("order.returns")}>
              <ul className="divide-y divide-line text-sm">
                {loaderData.returns.map((ret) => (
                  <li key={ret.id} className="space-y-1 py-2" data-testid="desk-return">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">
                        {t(`status.kind.${ret.kind}`)} #{ret.id}
                      </span>{" "}
                      <StatusBadge tone={ret.status === "refunded" ? "good" : "attention"}>{t(`status.return.${ret.status}`)}</StatusBadge>{" "}
                      <span className="text-stone">{formatRomeShortDateTime(ret.createdAt, locale)}</span>
                    </p>
                    <ul className="text-stone">
                      {ret.lines.map((l) => {
                        const line = order.lines.find((x) => x.id === l.orderLineId);
                        return <li key={l.orderLineId}>{t("order.returnLine", { quantity: l.quantity, name: line?.name ?? "", size: line?.size ?? "", color: line?.color ?? "" })}</li>;
                      })}
                    </ul>
                    <p className="tabular-nums">{t("order.returnAmounts", { goods: money(ret.goodsCents), fee: money(ret.feeCents), refund: money(ret.refundCents) })}</p>
                    {can.receive.includes(ret.id) ? <ReceiveForm ret={ret} lines={order.lines} result={receiptFor === ret.id ? resultFor("receive") : undefined} /> : null}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}

          <Panel id="payments" title={t("order.payments")}>
            {loaderData.payments.length ? (
              <SmallTable
                head={[t("order.provider"), t("order.method"), t("list.status"), t("order.amount"), t("order.when")]}
                rows={loaderData.payments.map((p) => [t(`order.providers.${p.provider}` as "order.providers.sandbox", { defaultValue: p.provider }), tc(`payment.${p.method}` as "payment.card", { defaultValue: p.method, count: 3 }), t(`status.paymentRow.${p.status}` as "status.paymentRow.paid"), money(p.amountCents), formatRomeShortDateTime(p.createdAt, locale)])}
                numeric={[3]}
              />
            ) : (
              <p className="text-sm text-stone">{t("order.noPayments")}</p>
            )}
            {loaderData.paymentEvents.length ? (
              <>
                <h3 className="mt-4 mb-2 text-sm font-medium">{t("order.paymentEvents")}</h3>
                <SmallTable head={[t("order.when"), t("order.provider"), t("order.reference")]} rows={loaderData.paymentEvents.map((e) => [formatRomeShortDateTime(e.receivedAt, locale), `${e.provider}: ${e.type}`, e.eventId])} />
              </>
            ) : null}
            {loaderData.refunds.length ? (
              <>
                <h3 className="mt-4 mb-2 text-sm font-medium">{t("order.refunds")}</h3>
                <RefundsTable orderId={order.id} refunds={loaderData.refunds} />
              </>
            ) : null}
          </Panel>

          <Panel id="timeline" title={t("order.timeline")}>
            <ol className="space-y-1 text-sm" data-testid="desk-timeline">
              {loaderData.timeline.map((entry, index) => (
                <li key={index} className="grid grid-cols-[9rem_1fr] gap-3">
                  <time dateTime={entry.at} className="text-stone tabular-nums">
                    {formatRomeShortDateTime(entry.at, locale)}
                  </time>{" "}
                  <span>
                    {entry.kind === "placed"
                      ? t("order.timelinePlaced")
                      : entry.kind === "status"
                        ? `${t(`event.${entry.event}` as "event.pay", { defaultValue: entry.event })}: ${stateWords(entry.to)}`
                        : `${t("order.timelineMail", { subject: entry.subject })} (${t(`status.mail.${entry.status}` as "status.mail.sent", { defaultValue: entry.status })})`}
                  </span>
                </li>
              ))}
            </ol>
          </Panel>
        </div>

        <div className="min-w-0 space-y-6">
          <Panel id="actions" title={t("actions.title")}>
            <div className="space-y-4">
              {can.paid ? <ActionForm intent="paid" result={resultFor("paid")} label={t("actions.markPaid")} /> : null}
              {can.ship ? <ShipForm result={resultFor("ship")} defaultCarrier={loaderData.defaultCarrier} /> : null}
              {can.deliver ? <ActionForm intent="deliver" result={resultFor("deliver")} label={t("actions.deliver")} /> : null}
              {can.refund ? <RefundAmountForm orderId={order.id} leftCents={loaderData.refundLeftCents} /> : null}
              {can.refundReturns ? (
                <Link to={href(`/atelier/orders/${order.id}/refund?due=returns`)} className="btn btn-primary w-full">
                  {t("actions.refundReturn")}
                </Link>
              ) : null}
              {can.cancel ? (
                <Link to={href(`/atelier/orders/${order.id}/cancel`)} className="btn btn-secondary w-full" data-testid="desk-cancel">
                  {t("actions.cancelLink")}
                </Link>
              ) : null}
              {!can.paid && !can.ship && !can.deliver && !can.refund && !can.refundReturns && !can.cancel ? <p className="text-sm text-stone">{t("actions.none")}</p> : null}
            </div>
          </Panel>

          <Panel id="customer" title={t("order.customer")}>
            <p className="text-sm">
              {order.firstName} {order.lastName}
              <br />
              <a href={`mailto:${order.email}`} className="link break-all">
                {order.email}
              </a>
              <br />
              <span className="text-stone">{order.userId === null ? t("order.guest") : t("order.account", { id: order.userId })}</span>
            </p>
            <div className="mt-3 grid grid-cols-2 gap-4 text-sm">
              <div>
                <h3 className="mb-1 font-medium">{t("order.shipTo")}</h3>
                <AddressBlock address={order.shippingAddress} />
              </div>
              <div>
                <h3 className="mb-1 font-medium">{t("order.billTo")}</h3>
                <AddressBlock address={order.billingAddress} />
              </div>
            </div>
            <p className="mt-3 text-sm">
              {tc(`payment.${order.paymentMethod}` as "payment.card", { defaultValue: order.paymentMethod, count: 3 })} · {t(`order.shippingMethods.${order.shippingMethod}` as "order.shippingMethods.ups_standard", { defaultValue: order.shippingMethod })}
            </p>
          </Panel>

          {shipment ? (
            <Panel id="shipment" title={t("order.shipment")}>
              <p className="text-sm">
                {t("order.tracking", { carrier: shipment.carrier ?? "—", tracking: shipment.trackingNumber })}
                {shipment.url ? (
                  <>
                    {" "}
                    <a href={shipment.url} className="link" rel="noreferrer noopener" target="_blank">
                      {t("order.trackingLink")}
                    </a>
                  </>
                ) : null}
              </p>
            </Panel>
          ) : null}

          <Panel id="invoice" title={t("order.invoice")}>
            {order.invoice ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {order.invoice.type === "person" ? (
                  <>
                    <dt className="text-stone">{t("order.fiscalCode")}</dt>
                    <dd className="font-mono">{order.invoice.fiscalCode}</dd>
                  </>
                ) : (
                  <>
                    <dt className="text-stone">{t("order.companyName")}</dt>
                    <dd>{order.invoice.companyName}</dd>
                    <dt className="text-stone">{t("order.vatNumber")}</dt>
                    <dd className="font-mono">{order.invoice.vatNumber}</dd>
                    {order.invoice.sdiCode ? (
                      <>
                        <dt className="text-stone">{t("order.sdiCode")}</dt>
                        <dd className="font-mono">{order.invoice.sdiCode}</dd>
                      </>
                    ) : null}
                    {order.invoice.pec ? (
                      <>
                        <dt className="text-stone">{t("order.pec")}</dt>
                        <dd className="break-all">{order.invoice.pec}</dd>
                      </>
                    ) : null}
                  </>
                )}
              </dl>
            ) : (
              <p className="text-sm text-stone">{t("order.invoiceNone")}</p>
            )}
            {/* The electronic invoice (helper h-invoice's panel and routes): issue it, download it. */}
            {loaderData.invoicePanel.request ? (
              <div className="mt-4 border-t border-line pt-4 text-sm">
                <InvoicePanel data={loaderData.invoicePanel} />
                <CreditNotes data={loaderData.creditNotes} />
              </div>
            ) : null}
          </Panel>

          <Panel id="notes" title={t("order.notes")}>
            {loaderData.notes.length ? (
              <ol className="mb-4 space-y-3 text-sm" data-testid="desk-notes">
                {loaderData.notes.map((note) => (
                  <li key={note.id} className="border-l-2 border-line pl-3">
                    <p className="text-xs text-stone">
                      {note.author} · {formatRomeShortDateTime(note.createdAt, locale)}
                    </p>
                    <p className="whitespace-pre-line">{note.body}</p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mb-4 text-sm text-stone">{t("order.notesEmpty")}</p>
            )}
            <NoteForm result={resultFor("note")} />
          </Panel>

          <Panel id="audit" title={t("order.audit")}>
            {loaderData.audit.length ? (
              <ol className="space-y-1 text-sm" data-testid="desk-audit">
                {loaderData.audit.map((entry) => (
                  <li key={entry.id} className="min-w-0">
                    <time dateTime={entry.at} className="block text-stone tabular-nums">
                      {formatRomeShortDateTime(entry.at, locale)}
                    </time>{" "}
                    <span className="block [overflow-wrap:anywhere]">
                      <span className="font-mono text-xs">{entry.action}</span> · {entry.actor}
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-stone">{t("order.auditEmpty")}</p>
            )}
          </Panel>
        </div>
      </div>
    </article>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="border border-line bg-paper p-4">
      <h2 id={`${id}-title`} className="mb-3 font-display text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SmallTable({ head, rows, numeric = [] }: { head: string[]; rows: (string | number)[][]; numeric?: number[] }) {
  const align = (i: number) => (numeric.includes(i) ? "text-right tabular-nums" : "text-left");
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <thead className="bg-sand/60">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-2 py-1 font-medium whitespace-nowrap ${align(i)}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t border-line">
              {row.map((cell, i) => (
                <td key={i} className={`px-2 py-1 ${align(i)} ${i === row.length - 1 ? "break-all" : ""}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Result = NonNullable<ActionData> extends { result: infer R } ? R : never;

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A one-button step (its hidden fields as children); its error below the button. */
function ActionForm({ intent, result, label, hint, secondary = false, children }: { intent: string; result: Result | undefined; label: string; hint?: string; secondary?: boolean; children?: ReactNode }) {
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

function ShipForm({ result, defaultCarrier }: { result: Result | undefined; defaultCarrier: string }) {
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
function ReceiveForm({ ret, lines, result }: { ret: LoaderData["returns"][number]; lines: LoaderData["order"]["lines"]; result: Result | undefined }) {
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
                <input type="hidden" name={`lines[${index}].orderLineId`} value={l.orderLineId} />
                <label htmlFor={`${id}-${name}`}>{t("actions.receivedQuantity", { name: line?.name ?? "", size: line?.size ?? "", quantity: l.quantity })}</label>
                <input
                  {...controlProps(kit, name)}
                  aria-describedby={`${id}-lines-hint ${id}-${name}-error ${id}-lines-error`}
                  // Text, not number: whatever was typed comes back as it was, next to its message.
                  type="text"
                  inputMode="numeric"
                  pattern="[0-9]+"
                  maxLength={3}
                  autoComplete="off"
                  required
                  defaultValue={result ? kept : String(l.quantity)}
                  className="field-input text-right"
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

function NoteForm({ result }: { result: Result | undefined }) {
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

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
