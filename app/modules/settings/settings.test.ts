import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { shopSettingsForm } from "../../../tests/support/forms";
import { QueryCounter } from "../../../tests/support/query-counter";
import { seedDatabase } from "~/db/seed/seed.server";
import { getAtelierSettings, saveAtelierSettings, settingsFromForm } from "./atelier-settings.service.server";
import { ShopSettingsFormSchema, isValidIban } from "./settings.schema";
import { getShopSettings } from "./shop-settings.server";

// The owner's settings form (one schema) and what saving does: the values in cents, the audit
// entry with what changed, and every process reading the new values on its next request.

describe("the settings form", () => {
  const issues = (overrides: Record<string, string>) => (ShopSettingsFormSchema.safeParse(shopSettingsForm(overrides)).error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

  it("checks an IBAN's length and its mod-97 digits", () => {
    expect(isValidIban("IT60X0542811101000000123456")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("IT60X0542811101000000123457")).toBe(false);
    expect(isValidIban("IT60X054281110100000012345")).toBe(false);
    expect(issues({ bankIban: "it60 x054 2811 1010 0000 0123 456" })).toEqual([]);
    expect(issues({ bankIban: "IT00X0542811101000000123456" })).toEqual(["bankIban:atelier-shop:validation.iban"]);
  });

  it("refuses no payment method at all, closing before opening, a profile that is not https, and amounts that are not euro", () => {
    expect(issues({ payCard: "", payApplePay: "", payGooglePay: "", payPaypalInstalments: "", payBankTransfer: "" })).toEqual(["payCard:atelier-shop:validation.noPayment"]);
    expect(issues({ supportOpen: "18:00", supportClose: "9:00" })).toEqual(["supportClose:atelier-shop:validation.hours"]);
    expect(issues({ instagram: "http://instagram.com/bottega" })).toEqual(["instagram:atelier-shop:validation.social"]);
    expect(issues({ youtube: "javascript:alert(1)" })).toEqual(["youtube:atelier-shop:validation.social"]);
    expect(issues({ shippingFee: "7 euro e 50", returnDays: "0", paypalInstalments: "1", bankBic: "BPMO" })).toEqual([
      "shippingFee:atelier-shop:validation.euro",
      "returnDays:atelier-shop:validation.returnDays",
      "paypalInstalments:atelier-shop:validation.instalments",
      "bankBic:atelier-shop:validation.bic",
    ]);
  });

  it("turns the form into settings: cents, the methods that are on in the checkout's order, the profiles", () => {
    const form = ShopSettingsFormSchema.parse(shopSettingsForm({ shippingFee: "9,50", payApplePay: "", payGooglePay: "", instagram: "https://www.instagram.com/bottega" }));
    expect(settingsFromForm(form)).toMatchObject({
      shippingFeeCents: 950,
      freeShippingFromCents: 25_000,
      paymentMethods: ["card", "paypalInstalments", "bankTransfer"],
      socialLinks: { instagram: "https://www.instagram.com/bottega", facebook: "" },
      bankTransfer: { iban: "IT60X0542811101000000123456", holdDays: 7 },
    });
  });
});

describeEachDatabase("shop settings", (ctx) => {
  beforeAll(async () => {
    await seedDatabase(ctx().db);
  });

  it("saves with an audit entry of what changed, and every process reads the new values on its next request", async () => {
    // Two handles on one database, each with its own cache: two app processes.
    const here = ctx().db.withPlugin(new QueryCounter());
    const there = ctx().db.withPlugin(new QueryCounter());
    expect((await getShopSettings(here)).shippingFeeCents).toBe(700);
    const values = settingsFromForm(ShopSettingsFormSchema.parse(shopSettingsForm({ shippingFee: "9", facebook: "https://www.facebook.com/bottega" })));
    await saveAtelierSettings(there, values, { kind: "cli" });
    expect(await getShopSettings(here)).toMatchObject({ shippingFeeCents: 900, socialLinks: { facebook: "https://www.facebook.com/bottega" } });
    expect(await getAtelierSettings(here)).toEqual(values);
    const [entry] = await ctx().db.selectFrom("audit_log").select(["action", "before", "after"]).where("action", "=", "settings.update").execute();
    expect(JSON.parse(entry!.before!)).toEqual({ shippingFeeCents: 700, socialLinks: { instagram: "", facebook: "", tiktok: "", pinterest: "", youtube: "" } });
    expect(JSON.parse(entry!.after!)).toEqual({ shippingFeeCents: 900, socialLinks: { instagram: "", facebook: "https://www.facebook.com/bottega", tiktok: "", pinterest: "", youtube: "" } });
    // A read with nothing changed costs one primary-key read.
    const counter = new QueryCounter();
    const counted = ctx().db.withPlugin(counter);
    await getShopSettings(counted);
    counter.reset();
    await getShopSettings(counted);
    expect(counter.tables).toEqual([["shop_revision"]]);
  });
});
