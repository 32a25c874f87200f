import { redirect } from "react-router";
import type { Route } from "./+types/order";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { ActionsPanel } from "~/components/atelier/order/actions-panel";
import { CustomerPanel, ShipmentPanel } from "~/components/atelier/order/customer-panel";
import { InvoiceDetailsPanel } from "~/components/atelier/order/invoice-details-panel";
import { LinesPanel } from "~/components/atelier/order/lines-panel";
import { AuditPanel, NotesPanel } from "~/components/atelier/order/notes-panel";
import { OrderHeader } from "~/components/atelier/order/order-header";
import { PaymentsPanel } from "~/components/atelier/order/payments-panel";
import { ReturnsPanel } from "~/components/atelier/order/returns-panel";
import { TimelinePanel } from "~/components/atelier/order/timeline-panel";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext, getRequestContext } from "~/middleware/request-context.server";
import { creditNotesPanelData } from "~/modules/invoice/credit-note.service.server";
import { invoicePanelData } from "~/modules/invoice/invoice.service.server";
import { CARRIERS, carrierByName } from "~/modules/order/carriers";
import { confirmTransfer, deliverOrder, markCollected, markReadyForPickup, shipOrder } from "~/modules/order/fulfilment.service.server";
import { DESK_INTENTS, DeskOrderActionSchema } from "~/modules/order/order-desk.schema";
import { addOrderNote, getDeskOrder } from "~/modules/order/order-desk.service.server";
import { isShippable, nextOrderState, staffMayOpenReturn } from "~/modules/order/order-state";
import { refundableOf } from "~/modules/order/refund-desk.service.server";
import { markReturnReceived, openReturnForCustomer } from "~/modules/order/returns.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { customerOfOrder, getCustomerRecord } from "~/modules/account/customer-record.service.server";
import { allows } from "~/modules/staff/capabilities";
import { DomainError} from "~/utils/domain-error";
import { formError, invalidForm, parseIntentForm, readFormData, pageError } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierRedirectTarget, staffActor } from "./staff-context.server";
import { idParam } from "~/utils/id-param";

// /atelier/orders/:id: one order as the shop holds it (lines with pictures, totals, addresses,
// invoice request, payments and the provider's events, returns, a timeline of its changes and
// e-mails, internal notes, its audit trail) and the steps its state allows, each a form posting
// here with an intent and going through the order services, which record the audit entry. The
// page is its panels (components/atelier/order/, decision 046); this route loads and acts.

async function deskOrder(context: Route.LoaderArgs["context"], id: string | undefined) {
  const { db, locale } = getRequestContext(context);
  return getDeskOrder(db, idParam(id), locale).catch(pageError);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns, staff } = getAtelierContext(context);
  const page = await deskOrder(context, params.id);
  // The customer's tags, notes and figures are customers' personal data: for members who may open them.
  const seesCustomers = allows(staff.capabilities, "customers");
  const [settings, invoicePanel, creditNotes, refundable, customer] = await Promise.all([
    getShopSettings(db),
    invoicePanelData(db, page.order),
    creditNotesPanelData(db, page.order.id),
    refundableOf(db, page.order.id),
    // The customer's tags and latest notes (issue 42 part 4), on every one of their orders.
    seesCustomers ? getCustomerRecord(db, customerOfOrder(page.order), 3) : null,
  ]);
  const { order, returns, refunds } = page;
  const state = { status: order.status, paymentStatus: order.paymentStatus, shippingStatus: order.shippingStatus };
  const refundedReturns = new Set(refunds.map((r) => r.returnId));
  const pickup = order.shippingMethod === "store_pickup";
  const can = {
    paid: order.paymentStatus === "awaiting_transfer" && nextOrderState(state, { type: "pay" }) !== null,
    ship: isShippable({ ...state, shippingMethod: order.shippingMethod }),
    deliver: nextOrderState(state, { type: "deliver" }) !== null,
    ready: pickup && nextOrderState(state, { type: "ready" }) !== null,
    collect: pickup && nextOrderState(state, { type: "collect" }) !== null,
    cancel: nextOrderState(state, { type: "cancel" }) !== null,
    // An amount's refund and the received returns' refund go through their confirmation page (order-refund.tsx).
    refund: refundable.canRefund,
    receive: returns.filter((r) => r.status === "requested").map((r) => r.id),
    refundReturns: returns.some((r) => r.status === "received" && !refundedReturns.has(r.id)),
    // A return opened for the customer (issue 42 part 3): a paid order that left, with pieces still to come back.
    openReturn: staffMayOpenReturn(order) && order.lines.some((line) => line.returnable > 0),
  };
  return {
    ...page,
    can,
    customer,
    invoicePanel,
    creditNotes,
    refundLeftCents: refundable.leftCents,
    defaultCarrier: carrierByName(settings.courier)?.id ?? CARRIERS[0].id,
    title: tns("atelier-orders")("meta.order", { number: order.number }),
    texts: pickTexts(locale, ["atelier-orders", "atelier-invoices", "atelier-customers", "orders", "checkout"]),
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
      case "ready":
        await markReadyForPickup(db, orderId, now, actor);
        notice = "ready";
        break;
      case "collect":
        await markCollected(db, orderId, now, actor);
        notice = "collected";
        break;
      case "receive":
        await markReturnReceived(db, orderId, now, { actor, returnId: form.returnId, lines: form.lines });
        notice = "received";
        break;
      case "openReturn":
        await openReturnForCustomer(
          db,
          { orderId, lines: form.lines.flatMap((line) => (line.quantity > 0 && line.reason ? [{ orderLineId: line.orderLineId, quantity: line.quantity, reason: line.reason }] : [])), waiveFee: form.waiveFee },
          actor,
          now,
        );
        notice = "returnOpened";
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

export default function AtelierOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, shipment, can } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const intent = typeof result?.initialValue?.intent === "string" ? result.initialValue.intent : null;
  const resultFor = (name: string) => (intent === name ? result : undefined);
  // A receipt's answer goes to its return's form (or, for a return no longer waiting, the first one's).
  const receiptOf = resultFor("receive")?.initialValue?.returnId;
  const receiptFor = can.receive.includes(Number(receiptOf)) ? Number(receiptOf) : can.receive[0];
  return (
    <article aria-labelledby="page-title" data-testid="desk-order">
      <OrderHeader order={order} />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <LinesPanel order={order} pendingRefundCents={loaderData.pendingRefundCents} />
          {loaderData.returns.length ? <ReturnsPanel order={order} returns={loaderData.returns} can={can} receiptFor={receiptFor} receipt={resultFor("receive")} /> : null}
          <PaymentsPanel orderId={order.id} payments={loaderData.payments} paymentEvents={loaderData.paymentEvents} refunds={loaderData.refunds} />
          <TimelinePanel timeline={loaderData.timeline} />
        </div>

        <div className="min-w-0 space-y-6">
          <ActionsPanel orderId={order.id} can={can} lines={order.lines} defaultCarrier={loaderData.defaultCarrier} refundLeftCents={loaderData.refundLeftCents} resultFor={resultFor} />
          <CustomerPanel order={order} record={loaderData.customer} />
          {shipment ? <ShipmentPanel shipment={shipment} /> : null}
          <InvoiceDetailsPanel invoice={order.invoice} invoicePanel={loaderData.invoicePanel} creditNotes={loaderData.creditNotes} />
          <NotesPanel notes={loaderData.notes} result={resultFor("note")} />
          <AuditPanel audit={loaderData.audit} />
        </div>
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
