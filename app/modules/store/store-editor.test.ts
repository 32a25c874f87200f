import { parseWithZod } from "@conform-to/zod/v4";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { seedStores } from "~/db/seed/stores.seed";
import type { AuditActor } from "~/modules/audit/audit.service.server";
import { DomainError } from "~/utils/domain-error";
import { StoreFormSchema, formatDayHours, normalizePhone, parseDayHours } from "./store-editor.schema";
import { createStore, deleteStore, getStoreForAtelier, listStoresForAtelier, updateStore } from "./store-editor.service.server";
import { getStoreLocator } from "./store.service.server";

const actor: AuditActor = { kind: "staff", staffId: 7, email: "negozi@bottega.test" };

const FIELDS = {
  name: "Bottega Torino Roma",
  kind: "boutique",
  address: "Via Roma 101",
  city: "Torino",
  province: "TO",
  postalCode: "10121",
  country: "it",
  region: "southern-europe",
  phone: "+39 011  561 2233",
  "hours.mon": "chiuso",
  "hours.tue": "10:00-13:00, 15:30-19:30",
  "hours.wed": "10:00–19:30",
  "hours.thu": "10.00-19.30",
  "hours.fri": "10:00-19:30",
  "hours.sat": "10:00-20:00",
  "hours.sun": "Closed",
  latitude: "45,0677",
  longitude: "7.6824",
  position: "",
};

function parse(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: StoreFormSchema });
}

function input(fields: Record<string, string> = {}) {
  const result = parse({ ...FIELDS, ...fields });
  if (result.status !== "success") throw new Error(JSON.stringify(result.error));
  return result.value;
}

describe("the store editor's form", () => {
  it("reads a day's hours: ranges, the closed word, bad lines refused", () => {
    expect(parseDayHours("15:30-19:30, 9:00-13:00")).toEqual([
      ["09:00", "13:00"],
      ["15:30", "19:30"],
    ]);
    expect(parseDayHours(" Chiuso ")).toEqual([]);
    for (const bad of ["", "10-19", "19:00-10:00", "10:00-13:00, 12:00-15:00", "24:00-25:00", "8:00-9:00, 10:00-11:00, 12:00-13:00, 14:00-15:00", "sempre"]) {
      expect(parseDayHours(bad), bad).toBeNull();
    }
    expect(formatDayHours([["10:00", "19:30"]], "chiuso")).toBe("10:00–19:30");
    expect(formatDayHours([], "closed")).toBe("closed");
  });

  it("takes only international phone numbers", () => {
    expect(normalizePhone(" +39 02  7600 4182 ")).toBe("+39 02 7600 4182");
    for (const bad of ["02 7600 4182", "+39", "+0 123 456 789", "+39 02 7600 4182 ext 3", "+1234567890123456"]) expect(normalizePhone(bad), bad).toBeNull();
  });

  it("answers each bad field at its place", () => {
    const bad = parse({ ...FIELDS, name: "", phone: "0276004182", latitude: "91", longitude: "abc", "hours.tue": "10:00-09:00", "hours.sun": "", position: "-3", kind: "kiosk" });
    if (bad.status !== "error") throw new Error("expected errors");
    expect(bad.error).toMatchObject({
      name: ["validation.required"],
      phone: ["atelier-content:validation.phone"],
      latitude: ["atelier-content:validation.latitude"],
      longitude: ["atelier-content:validation.longitude"],
      "hours.tue": ["atelier-content:validation.hours"],
      "hours.sun": ["atelier-content:validation.hoursRequired"],
      position: ["atelier-content:validation.position"],
      kind: ["validation.required"],
    });
    const good = input();
    expect(good).toMatchObject({ country: "IT", phone: "+39 011 561 2233", latitude: 45.0677, position: 0 });
    expect(good.hours[0]).toEqual([]);
    expect(good.hours[3]).toEqual([["10:00", "19:30"]]);
  });
});

describeEachDatabase("store editor", (ctx) => {
  beforeAll(async () => {
    await seedStores(ctx().db);
  });
  const auditOf = (id: number) => ctx().db.selectFrom("audit_log").selectAll().where("entity_type", "=", "store").where("entity_id", "=", String(id)).orderBy("id").execute();
  const locatorNames = async (country: string | null = null) => (await getStoreLocator(ctx().db, "it", { continent: null, region: null, country })).stores.map((s) => s.name);

  it("creates a store the locator shows at once, with its audit entry", async () => {
    const id = await createStore(ctx().db, input(), actor);
    expect(await locatorNames("IT")).toContain("Bottega Torino Roma");
    const card = (await getStoreLocator(ctx().db, "en", { continent: null, region: null, country: "IT" })).stores.find((s) => s.id === id)!;
    expect(card).toMatchObject({ city: "Torino", phone: "+39 011 561 2233", latitude: 45.0677, longitude: 7.6824, regionName: "Southern Europe" });
    expect(card.hours[1]).toEqual([
      ["10:00", "13:00"],
      ["15:30", "19:30"],
    ]);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: "store.create", actor: "negozi@bottega.test", before: null, summary: "Bottega Torino Roma, Torino" });
    expect(JSON.parse(entry.after!)).toMatchObject({ name: "Bottega Torino Roma", country: "IT", region: "southern-europe" });
    expect((await listStoresForAtelier(ctx().db, "it")).find((s) => s.id === id)).toMatchObject({ country: "Italia", region: "Europa meridionale" });
  });

  it("edits it: the locator follows, the audit keeps only what changed", async () => {
    const id = await createStore(ctx().db, input({ name: "Bottega Torino Po" }), actor);
    await updateStore(ctx().db, id, input({ name: "Bottega Torino Po", city: "Moncalieri", "hours.mon": "15:00-19:00" }), actor);
    const store = (await getStoreForAtelier(ctx().db, id))!;
    expect(store).toMatchObject({ city: "Moncalieri", hours: [[["15:00", "19:00"]], expect.anything(), expect.anything(), expect.anything(), expect.anything(), expect.anything(), []] });
    const entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(["store.create", "store.update"]);
    expect(Object.keys(JSON.parse(entries[1].after!)).sort()).toEqual(["city", "hours"]);
    expect(store.audit.map((e) => e.action)).toEqual(["store.update", "store.create"]);
  });

  it("refuses an unknown region or country at its field, changing nothing", async () => {
    const id = await createStore(ctx().db, input({ name: "Bottega Asti" }), actor);
    for (const [fields, code, field] of [
      [{ region: "atlantide" }, "STORE_REGION_UNKNOWN", "region"],
      [{ country: "XX" }, "STORE_COUNTRY_UNKNOWN", "country"],
    ] as const) {
      const error = await updateStore(ctx().db, id, input({ name: "Bottega Asti cambiata", ...fields }), actor).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code, field });
      await expect(createStore(ctx().db, input({ name: "Mai creata", ...fields }), actor)).rejects.toMatchObject({ code });
    }
    expect((await getStoreForAtelier(ctx().db, id))!.name).toBe("Bottega Asti");
    expect(await auditOf(id)).toHaveLength(1);
    expect(await locatorNames()).not.toContain("Mai creata");
  });

  it("deletes a store: gone from the locator, its data kept in the audit log; a missing one is STORE_NOT_FOUND", async () => {
    const id = await createStore(ctx().db, input({ name: "Bottega Effimera" }), actor);
    await deleteStore(ctx().db, id, actor);
    expect(await getStoreForAtelier(ctx().db, id)).toBeNull();
    expect(await locatorNames()).not.toContain("Bottega Effimera");
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({ action: "store.delete", after: null });
    expect(JSON.parse(entries.at(-1)!.before!)).toMatchObject({ name: "Bottega Effimera" });
    await expect(deleteStore(ctx().db, id, actor)).rejects.toMatchObject({ code: "STORE_NOT_FOUND" });
    await expect(updateStore(ctx().db, id, input(), actor)).rejects.toMatchObject({ code: "STORE_NOT_FOUND" });
  });
});
