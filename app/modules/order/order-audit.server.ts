import type { Transaction } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import type { OrderRow } from "./order-transition.server";

// The audit entries of the order's steps (Atelier, the CLI): each written by the service in the
// step's own transaction, so the change and its record commit together.

/** The order's statuses as the audit log keeps them. */
const auditedState = (order: Pick<OrderRow, "status" | "payment_status" | "shipping_status">) => ({ status: order.status, paymentStatus: order.payment_status, shippingStatus: order.shipping_status });

/**
 * The audit entry of a step, in the step's transaction, when someone is named as its author
 * (Atelier's staff, the CLI); the shop's own flows (a webhook, a sweep) pass none.
 */
export async function auditOrderStep(trx: Transaction<Database>, actor: AuditActor | undefined, action: string, before: OrderRow, after: OrderRow, extra: Record<string, unknown> = {}, at = new Date()): Promise<void> {
  if (!actor) return;
  await recordAudit(trx, { actor, action, entityType: "order", entityId: before.id, before: auditedState(before), after: { ...auditedState(after), ...extra }, summary: before.number, at });
}

