import { expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { auditOfRecord, changedValues, recordAudit, searchAudit } from "./audit.service.server";

it("keeps only the fields that changed, and everything of a side when the other is missing", () => {
  expect(changedValues({ status: "confirmed", total: 100 }, { status: "shipped", total: 100, tracking: "1Z" })).toEqual({
    before: { status: "confirmed" },
    after: { status: "shipped", tracking: "1Z" },
  });
  expect(changedValues(null, { email: "a@b.it" })).toEqual({ before: null, after: { email: "a@b.it" } });
});

describeEachDatabase("audit log", (ctx) => {
  it("records who did what to which record, and finds it by record, words, actor and action", async () => {
    const { db } = ctx();
    const owner = { kind: "staff" as const, staffId: 7, email: "titolare@bottega.example" };
    await recordAudit(db, { actor: owner, action: "order.ship", entityType: "order", entityId: 12, before: { status: "confirmed" }, after: { status: "shipped" }, summary: "BTG-000012", at: new Date("2026-11-26T10:00:00Z") });
    await recordAudit(db, { actor: { kind: "cli" }, action: "order.refund", entityType: "order", entityId: 12, after: { refundedCents: 500 }, summary: "BTG-000012" });
    await recordAudit(db, { actor: { kind: "system" }, action: "career.purge", entityType: "application", entityId: 3, before: { email: "x@y.it" } });

    const ofOrder = await auditOfRecord(db, "order", 12);
    expect(ofOrder.map((e) => e.action)).toEqual(["order.refund", "order.ship"]);
    expect(ofOrder[1]).toMatchObject({ actor: "titolare@bottega.example", staffId: 7, before: { status: "confirmed" }, after: { status: "shipped" }, at: "2026-11-26T10:00:00.000Z" });
    expect(ofOrder[0]).toMatchObject({ actor: "cli", staffId: null, before: null });

    expect((await searchAudit(db, { text: "btg-000012", page: 1, pageSize: 10 })).entries).toHaveLength(2);
    expect((await searchAudit(db, { text: "50%_", page: 1, pageSize: 10 })).entries).toHaveLength(0);
    expect((await searchAudit(db, { action: "order.", page: 1, pageSize: 10 })).entries).toHaveLength(2);
    expect((await searchAudit(db, { staffId: 7, page: 1, pageSize: 10 })).entries.map((e) => e.action)).toEqual(["order.ship"]);
    const first = await searchAudit(db, { page: 1, pageSize: 2 });
    expect(first.hasNext).toBe(true);
    const second = await searchAudit(db, { page: 2, pageSize: 2 });
    expect(second).toMatchObject({ hasNext: false, entries: [{ action: "order.ship" }] });
  });
});
