import { beforeAll, expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { deliverOrder, shipOrder } from "~/modules/order/fulfilment.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";

// Issue 42 part 3 over HTTP, as a member without JavaScript: a return opened by staff for the
// customer (who came to the shop or called) on the order's page — lines and reasons, the fee
// waived or not, whatever the return window; the customer's return e-mail; audited. The refund
// then goes through the order's existing steps (received, refunded).

const provider = createSandboxProvider({ secret: "http-staff-returns", publicUrl: ORIGIN });
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

describeEachApp("Returns opened by staff", (app) => {
  let delivered: { id: number; number: string; lineId: number; lineTotal: number; email: string };
  let confirmed: { id: number; lineId: number };

  beforeAll(async () => {
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id").offset(41).limit(1).executeTakeFirstOrThrow();
    const email = `staff-return-${Date.now()}@example.com`;
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 2 }], email });
    await shipOrder(app().db, orderId, "RR000111222IT");
    await deliverOrder(app().db, orderId);
    // Delivered two months ago: the customer's own window has closed; staff may still open a return.
    await app().db.updateTable("orders").set({ delivered_at: new Date(Date.now() - 60 * 86_400_000).toISOString() }).where("id", "=", orderId).execute();
    const order = await app().db.selectFrom("orders").select(["id", "number"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    const line = await app().db.selectFrom("order_lines").select(["id", "total_cents"]).where("order_id", "=", orderId).executeTakeFirstOrThrow();
    delivered = { ...order, lineId: line.id, lineTotal: line.total_cents, email };
    const other = await paidOrder(app().db, provider, { lines: [{ sku: variant.sku, quantity: 1 }] });
    const otherLine = await app().db.selectFrom("order_lines").select("id").where("order_id", "=", other.orderId).executeTakeFirstOrThrow();
    confirmed = { id: other.orderId, lineId: otherLine.id };
  });

  it("opens a return for the customer after their window: reasons required, the fee waived, the e-mail sent, audited", async () => {
    const { client, staffId } = await signInStaff(app(), { role: "staff" });
    const url = `/atelier/orders/${delivered.id}`;
    const page = decode(await (await client.get(url)).text());
    expect(page).toContain('data-testid="desk-open-return"');
    expect(page).toContain(`name="lines[0].orderLineId" value="${delivered.lineId}"`);

    const post = (fields: [string, string][]) => client.postForm(url, [["intent", "openReturn"], ["lines[0].orderLineId", String(delivered.lineId)], ...fields]);
    const noReason = await post([["lines[0].quantity", "1"], ["lines[0].reason", ""]]);
    expect(noReason.status).toBe(400);
    const noReasonHtml = decode(await noReason.text());
    expect(noReasonHtml).toContain("Scegli un motivo per questo capo.");
    expect(noReasonHtml).toMatch(/<details[^>]*open=""[^>]*data-testid="desk-open-return"|<details[^>]*data-testid="desk-open-return"[^>]*open=""/);
    const nothing = await post([["lines[0].quantity", "0"], ["lines[0].reason", "too_small"]]);
    expect(nothing.status).toBe(400);
    expect(decode(await nothing.text())).toContain("Scegli almeno un capo.");
    const tooMany = await post([["lines[0].quantity", "3"], ["lines[0].reason", "too_small"]]);
    expect(tooMany.status).toBe(422);

    const opened = await post([["lines[0].quantity", "1"], ["lines[0].reason", "too_large"], ["waiveFee", "on"]]);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe(url);
    expect(decode(await (await client.get(url)).text())).toContain("Reso aperto: il cliente riceve l'e-mail con le istruzioni.");
    const ret = await app().db.selectFrom("returns").select(["id", "status", "fee_cents", "refund_cents", "goods_cents"]).where("order_id", "=", delivered.id).executeTakeFirstOrThrow();
    expect(ret).toMatchObject({ status: "requested", fee_cents: 0, goods_cents: delivered.lineTotal / 2, refund_cents: delivered.lineTotal / 2 });
    const line = await app().db.selectFrom("return_lines").select(["quantity", "reason"]).where("return_id", "=", ret.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ quantity: 1, reason: "too_large" });
    const mail = await app().db.selectFrom("mail_outbox").select("subject").where("recipient", "=", delivered.email).where("template", "=", "return-requested").execute();
    expect(mail).toHaveLength(1);
    const audit = await app().db.selectFrom("audit_log").select(["action", "after"]).where("staff_id", "=", staffId).where("action", "=", "return.open").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ returnId: ret.id, feeWaived: true, lines: [{ orderLineId: delivered.lineId, quantity: 1, reason: "too_large" }] });

    // The other piece, with the shop's fee this time; then nothing is left to return.
    expect((await post([["lines[0].quantity", "1"], ["lines[0].reason", "faulty"]])).status).toBe(303);
    // (The texts travel with the page's data: the form's absence is told by its test id.)
    expect(decode(await (await client.get(url)).text())).not.toContain('data-testid="desk-open-return"');
  });

  it("refuses an order that has not left, and a line of another order", async () => {
    const { client } = await signInStaff(app(), { role: "manager" });
    const early = await client.postForm(`/atelier/orders/${confirmed.id}`, [
      ["intent", "openReturn"],
      ["lines[0].orderLineId", String(confirmed.lineId)],
      ["lines[0].quantity", "1"],
      ["lines[0].reason", "too_small"],
    ]);
    expect(early.status).toBe(409);
    expect(decode(await early.text())).toContain("Si può aprire un reso solo per un ordine pagato, già spedito o consegnato.");
    expect(decode(await (await client.get(`/atelier/orders/${confirmed.id}`)).text())).not.toContain('data-testid="desk-open-return"');
    const foreign = await client.postForm(`/atelier/orders/${delivered.id}`, [
      ["intent", "openReturn"],
      ["lines[0].orderLineId", String(confirmed.lineId)],
      ["lines[0].quantity", "1"],
      ["lines[0].reason", "too_small"],
    ]);
    expect(foreign.status).toBe(422);
  });
});
