import { expect, it } from "vitest";
import { describeEachApp } from "../support/http";
import { deleteClosure, saveClosure } from "~/modules/banner/banner.service.server";
import { deletePromotion, savePromotion } from "~/modules/promotion/promotion.service.server";
import { dayWithArticle } from "~/utils/date-article";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { romeDayOf } from "~/utils/rome-time";

// Issue 37 item 14: a dated free-shipping promotion is announced wherever the threshold is said
// while it runs (the banner, the shipping page, the FAQ, the bag's progress line, /api/settings),
// and not before or after its dates; a closure notice in force is in /api/settings's
// globalMessages as on the banner. The dates are written with Italian's article ("fino
// all'11 dicembre").

// The content pages' Markdown writes typographic apostrophes: compared as plain ones.
const decode = (html: string) => html.replace(/&#x27;|’/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
const CLI = { kind: "cli" } as const;
const dayFromToday = (days: number) => romeDayOf(new Date(Date.now() + days * 86_400_000));
/** The first day from `after` days on whose day of the month is `dayOfMonth` (to see the article change). */
function nextDayOfMonth(dayOfMonth: number, after = 1): string {
  for (let days = after; ; days++) if (Number(dayFromToday(days).slice(8)) === dayOfMonth) return dayFromToday(days);
}
const long = (day: string, locale: "it" | "en") => formatLongDate(`${day}T12:00:00Z`, locale);
/** "11 dicembre 2026" → "dall'11 dicembre 2026" (or "all'…", "al …"). */
const withArticle = (article: "al" | "dal", day: string) => `${dayWithArticle(article, Number(day.slice(8)))} ${long(day, "it").split(" ").slice(1).join(" ")}`;

describeEachApp("announcements: dated free shipping and closures", (app) => {
  const settings = async (lang: string) => (await (await app().client().get(`/api/settings?lang=${lang}`)).json()) as { globalMessages: string[]; globalMessagesLink: (string | null)[] };
  const page = async (path: string) => decode(await (await app().client().get(path)).text());
  async function bagPage(prefix = "") {
    const shopper = app().client();
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).where("price_cents", "<", 10_000).orderBy("id").executeTakeFirstOrThrow();
    expect((await shopper.postForm(`${prefix}/cart`, { intent: "add", sku: variant.sku, quantity: "1", redirectTo: `${prefix}/cart` })).status).toBe(303);
    return decode(await (await shopper.get(`${prefix}/cart`)).text());
  }

  it("announces a dated free-shipping promotion while it runs, and not before or after its dates", async () => {
    const usual = formatMoney(25_000, "it");
    const threshold = { it: formatMoney(15_000, "it"), en: formatMoney(15_000, "en") };
    // Ended yesterday, and starting tomorrow: nothing is announced.
    const past = await savePromotion(app().db, { input: { threshold: 15_000, startsOn: dayFromToday(-5), endsOn: dayFromToday(-1) }, actor: CLI });
    const future = await savePromotion(app().db, { input: { threshold: 15_000, startsOn: dayFromToday(1), endsOn: dayFromToday(9) }, actor: CLI });
    for (const lang of ["it", "en"]) expect((await settings(lang)).globalMessages.join(" ")).not.toMatch(/Spedizione gratuita per ordini|Free shipping on orders/);
    expect((await page("/")).includes(`Spedizione gratuita per ordini da ${threshold.it}`)).toBe(false);
    expect(await page("/pages/Shipping")).toContain(`Ordini da ${usual}: spedizione`);
    expect(await page("/pages/Faq")).toContain(`gratuita per ordini da ${usual}; sotto`);
    expect((await bagPage()).includes("per la spedizione gratuita.")).toBe(true);

    // Running now, until the next 11th of a month: every place says it, in both languages.
    const endsOn = nextDayOfMonth(11);
    const running = await savePromotion(app().db, { input: { threshold: 15_000, startsOn: dayFromToday(-1), endsOn }, actor: CLI });
    const untilIt = withArticle("al", endsOn);
    expect(untilIt).toMatch(/^all'11 /);
    const bannerIt = `Spedizione gratuita per ordini da ${threshold.it}, fino ${untilIt}`;
    const bannerEn = `Free shipping on orders of ${threshold.en} or more, until ${long(endsOn, "en")}`;

    const home = await page("/");
    expect(home).toContain(bannerIt);
    expect(home).toMatch(/<a[^>]*href="\/pages\/Shipping"[^>]*>Spedizione gratuita per ordini da/);
    expect(await page("/en")).toContain(bannerEn);
    const it_ = await settings("it");
    expect(it_.globalMessages[0]).toBe(bannerIt);
    expect(it_.globalMessagesLink[0]).toBe("/pages/Shipping");
    expect((await settings("en")).globalMessages[0]).toBe(bannerEn);

    const promotionText = `${threshold.it} (in promozione fino ${untilIt}, poi da ${usual})`;
    const shippingPage = await page("/pages/Shipping");
    expect(/Ordini da [^<]*/.exec(shippingPage)?.[0]).toBe(`Ordini da ${promotionText}: spedizione `);
    expect(await page("/pages/Faq")).toContain(`gratuita per ordini da ${promotionText}; sotto`);
    expect(await page("/en/pages/Shipping")).toContain(`${threshold.en} (a promotion until ${long(endsOn, "en")}, then from ${formatMoney(25_000, "en")})`);

    const bag = await bagPage();
    expect(/data-testid="free-shipping">([^<]*)/.exec(bag)?.[1]).toMatch(new RegExp(`^Spedizione gratuita da ${threshold.it.replace(/[.]/g, "\\.")} fino ${untilIt}: ti mancano [^<]+€\\.$`));
    expect(await bagPage("/en")).toContain(`Free shipping from ${threshold.en} until ${long(endsOn, "en")}: `);

    // Over: the usual words again.
    for (const id of [past, future, running]) await deletePromotion(app().db, { id, actor: CLI });
    expect((await page("/")).includes(`Spedizione gratuita per ordini da ${threshold.it}`)).toBe(false);
    expect((await settings("it")).globalMessages.join(" ")).not.toContain("Spedizione gratuita per ordini");
    expect(await page("/pages/Shipping")).toContain(`Ordini da ${usual}: spedizione`);
  });

  it("puts a closure notice in force into /api/settings's globalMessages, first, and not outside its dates", async () => {
    const shipsFrom = nextDayOfMonth(1, 2);
    const later = await saveClosure(app().db, { input: { startsOn: dayFromToday(2), endsOn: dayFromToday(4), shipsFrom: dayFromToday(5), textIt: "Chiusura futura", textEn: "A later closure" }, actor: CLI });
    for (const lang of ["it", "en"]) expect((await settings(lang)).globalMessages.join(" ")).not.toMatch(/Chiusura futura|A later closure/);

    const now = await saveClosure(app().db, { input: { startsOn: dayFromToday(-1), endsOn: dayFromToday(1), shipsFrom, textIt: "Siamo chiusi per inventario", textEn: "We are closed for stocktaking" }, actor: CLI });
    const it_ = await settings("it");
    const lineIt = `Siamo chiusi per inventario · Gli ordini effettuati ora verranno spediti ${withArticle("dal", shipsFrom)}`;
    expect(lineIt).toContain("spediti dal 1° ");
    expect(it_.globalMessages[0]).toBe(lineIt);
    expect(it_.globalMessagesLink[0]).toBeNull();
    expect((await settings("en")).globalMessages[0]).toBe(`We are closed for stocktaking · Orders placed now ship from ${long(shipsFrom, "en")}`);
    // The banner says the same words, and the checkout the same day.
    expect(await page("/")).toContain(lineIt);
    const shopper = app().client();
    const variant = await app().db.selectFrom("variants").select("sku").where("stock", ">=", 5).orderBy("id", "desc").executeTakeFirstOrThrow();
    await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "1", redirectTo: "/cart" });
    await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: "chiusura@example.com", firstName: "Giulia", lastName: "Rossi" });
    const checkout = decode(await (await shopper.get("/checkout")).text()).replaceAll("<!-- -->", "");
    expect(checkout).toContain(`Siamo chiusi per inventario</span> Gli ordini effettuati ora verranno spediti ${withArticle("dal", shipsFrom)}.`);

    await deleteClosure(app().db, { id: now, actor: CLI });
    await deleteClosure(app().db, { id: later, actor: CLI });
    expect((await settings("it")).globalMessages.join(" ")).not.toContain("Siamo chiusi per inventario");
  });
});
