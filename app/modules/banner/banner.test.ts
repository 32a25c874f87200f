import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { QueryCounter } from "../../../tests/support/query-counter";
import { seedDatabase } from "~/db/seed/seed.server";
import { contrastRatio } from "~/utils/contrast";
import { isDomainError } from "~/utils/domain-error";
import { romeDayEnd, romeDayOf, romeDayStart, romeLastDay } from "~/utils/rome-time";
import { BannerActionSchema, type BannerMessageInput, isLocalLink } from "./banner.schema";
import {
  activeBanner,
  activeClosure,
  deleteBannerMessage,
  deleteClosure,
  listBannerMessages,
  listClosures,
  moveBannerMessage,
  saveBannerMessage,
  saveClosure,
} from "./banner.service.server";

// The banner's messages and the closure notices (spec §1 and §9): the storefront shows those
// whose days (in Italy) hold now, in the owner's order, the closure first; every change is
// audited and reaches every process's next page. The form refuses foreign links and colours
// below WCAG AA.

const actor = { kind: "cli" } as const;

const message = (overrides: Partial<BannerMessageInput> = {}): BannerMessageInput => ({
  textIt: "Saldi",
  textEn: "Sale",
  linkIt: "/categories/donna",
  linkEn: "/en/categories/women",
  background: "#1B1B1B",
  color: "#FAF8F5",
  startsOn: null,
  endsOn: null,
  ...overrides,
});

describe("days in Italy", () => {
  it("start at midnight in Rome, winter and summer, and end at the next midnight", () => {
    expect(romeDayStart("2026-12-01")).toBe("2026-11-30T23:00:00.000Z");
    expect(romeDayStart("2026-08-10")).toBe("2026-08-09T22:00:00.000Z");
    expect(romeDayEnd("2026-12-07")).toBe("2026-12-07T23:00:00.000Z");
    // The day the clocks go forward is 23 hours long.
    expect(romeDayStart("2026-03-29")).toBe("2026-03-28T23:00:00.000Z");
    expect(romeDayEnd("2026-03-29")).toBe("2026-03-29T22:00:00.000Z");
    expect(romeDayOf("2026-11-30T23:00:00.000Z")).toBe("2026-12-01");
    expect(romeLastDay("2026-12-07T23:00:00.000Z")).toBe("2026-12-07");
  });
});

describe("the banner's forms", () => {
  const issues = (input: Record<string, string>) => (BannerActionSchema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);
  const valid = { intent: "save-message", textIt: "Saldi", textEn: "Sale", background: "#1B1B1B", color: "#FAF8F5" };

  it("accepts the shop's own paths only as links", () => {
    for (const link of ["/pages/Shipping", "/en/categories/women?sort=price", "/"]) expect(isLocalLink(link), link).toBe(true);
    for (const link of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "pages/Shipping", "/../x", "/a b", `/${"x".repeat(300)}`]) {
      expect(isLocalLink(link), link).toBe(false);
    }
    expect(issues({ ...valid, linkIt: "https://evil.example" })).toEqual(["linkIt:atelier-shop:validation.link"]);
    expect(issues({ ...valid, linkIt: "", linkEn: "" })).toEqual([]);
  });

  it("refuses colours that are not #RRGGBB, and a pair below AA contrast, at the text colour", () => {
    expect(contrastRatio("#1B1B1B", "#FAF8F5")).toBeGreaterThan(15);
    expect(contrastRatio("#FFFFFF", "#777777")).toBeLessThan(4.5);
    expect(issues({ ...valid, background: "red" })).toEqual(["background:atelier-shop:validation.colour"]);
    expect(issues({ ...valid, background: "#FFFFFF", color: "#777777" })).toEqual(["color:atelier-shop:validation.contrast"]);
    // The shop's terracotta on ivory passes (4.6:1).
    expect(issues({ ...valid, background: "#FAF8F5", color: "#A4472F" })).toEqual([]);
  });

  it("wants both languages, real days, and a last day not before the first", () => {
    expect(issues({ ...valid, textEn: " " })).toEqual(["textEn:validation.required"]);
    expect(issues({ ...valid, startsOn: "2026-12-10", endsOn: "2026-12-01" })).toEqual(["endsOn:atelier-shop:validation.endBeforeStart"]);
    expect(issues({ ...valid, startsOn: "2026-13-01" })).toEqual(["startsOn:atelier-shop:validation.day"]);
    expect(issues({ intent: "save-closure", startsOn: "2026-08-01", endsOn: "2026-08-20", shipsFrom: "2026-07-30", textIt: "Ferie", textEn: "Holidays" })).toEqual([
      "shipsFrom:atelier-shop:validation.shipsBeforeStart",
    ]);
  });
});

describeEachDatabase("banner and closures", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("shows the seeded messages in both languages, in their order, with their links", async () => {
    const it_ = await activeBanner(ctx().db, "it");
    const en = await activeBanner(ctx().db, "en");
    expect(it_.messages.map((m) => m.text)).toEqual(["Spedizione gratuita da 250 €", "Resi entro 14 giorni lavorativi", "Nuova collezione Autunno-Inverno", "Paga con PayPal in 3 rate"]);
    expect(en.messages[1]).toMatchObject({ text: "Returns within 14 working days", link: "/en/pages/Returns" });
    expect(it_.closure).toBeNull();
  });

  it("selects the messages whose days hold now, to the millisecond, in Rome's days", async () => {
    const { db } = ctx();
    const id = await saveBannerMessage(db, { input: message({ textIt: "Black Friday", textEn: "Black Friday", startsOn: "2026-11-27", endsOn: "2026-11-30" }), actor });
    const start = new Date(romeDayStart("2026-11-27"));
    const end = new Date(romeDayEnd("2026-11-30"));
    const shown = async (at: Date) => (await activeBanner(db, "it", at)).messages.map((m) => m.id);
    try {
      expect(await shown(new Date(start.getTime() - 1))).not.toContain(id);
      expect(await shown(start)).toContain(id);
      expect(await shown(new Date(end.getTime() - 1))).toContain(id);
      expect(await shown(end)).not.toContain(id);
      // Added at the end of the banner, with its colours.
      const banner = await activeBanner(db, "en", start);
      expect(banner.messages.at(-1)).toEqual({ id, text: "Black Friday", link: "/en/categories/women", background: "#1B1B1B", color: "#FAF8F5" });
    } finally {
      await deleteBannerMessage(db, { id, actor });
    }
  });

  it("moves a message up and down the order, the first and last staying put at the ends; audited", async () => {
    const { db } = ctx();
    const before = await listBannerMessages(db);
    const third = before[2]!;
    await moveBannerMessage(db, { id: third.id, direction: "up", actor });
    expect((await listBannerMessages(db)).map((m) => m.id)).toEqual([before[0]!.id, third.id, before[1]!.id, before[3]!.id]);
    await moveBannerMessage(db, { id: third.id, direction: "down", actor });
    expect((await listBannerMessages(db)).map((m) => m.id)).toEqual(before.map((m) => m.id));
    await moveBannerMessage(db, { id: before[0]!.id, direction: "up", actor });
    expect((await listBannerMessages(db)).map((m) => m.id)).toEqual(before.map((m) => m.id));
    const audit = await db.selectFrom("audit_log").select(["action", "before", "after"]).where("entity_type", "=", "banner-message").where("entity_id", "=", String(third.id)).orderBy("id").execute();
    expect(audit.map((row) => [row.action, JSON.parse(row.before!), JSON.parse(row.after!)])).toEqual([
      ["banner.move", { position: 3 }, { position: 2 }],
      ["banner.move", { position: 2 }, { position: 3 }],
    ]);
  });

  it("audits a change with the values before and after; a forged id is refused and changes nothing", async () => {
    const { db } = ctx();
    const id = await saveBannerMessage(db, { input: message(), actor });
    await saveBannerMessage(db, { id, input: message({ textEn: "Winter sale", endsOn: "2027-01-31" }), actor });
    const audit = await db.selectFrom("audit_log").select(["action", "before", "after", "summary"]).where("entity_type", "=", "banner-message").where("entity_id", "=", String(id)).orderBy("id").execute();
    expect(audit.map((row) => row.action)).toEqual(["banner.create", "banner.update"]);
    expect(JSON.parse(audit[1]!.before!)).toEqual({ textEn: "Sale", endsOn: null });
    expect(JSON.parse(audit[1]!.after!)).toEqual({ textEn: "Winter sale", endsOn: "2027-01-31" });
    const count = (await listBannerMessages(db)).length;
    for (const attempt of [
      () => saveBannerMessage(db, { id: 999_999, input: message(), actor }),
      () => deleteBannerMessage(db, { id: 999_999, actor }),
      () => moveBannerMessage(db, { id: 999_999, direction: "up", actor }),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(isDomainError(error) && error.code).toBe("BANNER_MESSAGE_NOT_FOUND");
    }
    await deleteBannerMessage(db, { id, actor });
    expect((await listBannerMessages(db)).length).toBe(count - 1);
  });

  it("shows a closure notice first in the banner and at checkout during its days only", async () => {
    const { db } = ctx();
    const id = await saveClosure(db, { input: { startsOn: "2026-08-01", endsOn: "2026-08-23", shipsFrom: "2026-08-24", textIt: "Chiusi per ferie dal 10 al 23 agosto.", textEn: "Closed for the holidays from 10 to 23 August." }, actor });
    const start = new Date("2026-07-31T22:00:00.000Z");
    const end = new Date("2026-08-23T22:00:00.000Z");
    try {
      expect(await activeClosure(db, new Date(start.getTime() - 1))).toBeNull();
      expect(await activeClosure(db, start)).toEqual({ textIt: "Chiusi per ferie dal 10 al 23 agosto.", textEn: "Closed for the holidays from 10 to 23 August.", shipsFrom: "2026-08-24" });
      expect(await activeClosure(db, new Date(end.getTime() - 1))).not.toBeNull();
      expect(await activeClosure(db, end)).toBeNull();
      expect((await activeBanner(db, "en", start)).closure).toEqual({
        text: "Closed for the holidays from 10 to 23 August.",
        shipsFrom: "2026-08-24",
        shipsFromLabel: "24 August 2026",
        line: "Closed for the holidays from 10 to 23 August. · Orders placed now ship from 24 August 2026",
      });
      expect((await activeBanner(db, "it", start)).closure?.line).toBe("Chiusi per ferie dal 10 al 23 agosto. · Gli ordini effettuati ora verranno spediti dal 24 agosto 2026");
      expect((await activeBanner(db, "it", end)).closure).toBeNull();
      expect(await listClosures(db)).toEqual([{ id, startsOn: "2026-08-01", endsOn: "2026-08-23", shipsFrom: "2026-08-24", textIt: "Chiusi per ferie dal 10 al 23 agosto.", textEn: "Closed for the holidays from 10 to 23 August." }]);
    } finally {
      await deleteClosure(db, { id, actor });
    }
    const audit = await db.selectFrom("audit_log").select("action").where("entity_type", "=", "closure").where("entity_id", "=", String(id)).orderBy("id").execute();
    expect(audit.map((row) => row.action)).toEqual(["closure.create", "closure.delete"]);
    const forged = await saveClosure(db, { id, input: { startsOn: "2026-08-01", endsOn: "2026-08-02", shipsFrom: "2026-08-03", textIt: "x", textEn: "x" }, actor }).catch((e: unknown) => e);
    expect(isDomainError(forged) && forged.code).toBe("CLOSURE_NOT_FOUND");
  });

  it("shows a change made by another process on this one's next read", async () => {
    const here = ctx().db.withPlugin(new QueryCounter());
    const there = ctx().db.withPlugin(new QueryCounter());
    const before = await activeBanner(here, "it");
    const id = await saveBannerMessage(there, { input: message({ textIt: "Nuovo avviso" }), actor });
    try {
      expect((await activeBanner(here, "it")).messages.map((m) => m.text)).toEqual([...before.messages.map((m) => m.text), "Nuovo avviso"]);
    } finally {
      await deleteBannerMessage(there, { id, actor });
    }
    expect(await activeBanner(here, "it")).toEqual(before);
  });
});
