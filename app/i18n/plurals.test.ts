import { describe, expect, it } from "vitest";
import { i18nFor } from "./texts.server";
import { resources } from "./resources";
import { createTranslator } from "./translator";

// Issue 37: "ultimi 1 pezzi". Every text that takes a count is an i18next plural (`_one` and
// `_other`, chosen by Intl.PluralRules) in both languages, unless its wording does not change
// with the number (listed below, with why); the page's translator and i18next choose the same form.

type Bundle = Record<string, unknown>;
function flatten(bundle: Bundle, prefix = ""): Array<[string, string]> {
  return Object.entries(bundle).flatMap(([key, value]) => (value && typeof value === "object" ? flatten(value as Bundle, `${prefix}${key}.`) : typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : []));
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
type Say = (key: string, options?: Record<string, unknown>) => string;
/** A namespace's `t` of the page's translator, untyped (the keys come from the texts themselves). */
const pageSay = (lang: "it" | "en", ns: string): Say => createTranslator(lang, resources[lang] as never).getFixedT(lang, ns) as unknown as Say;

/** Texts with a {{count}} whose words do not change with it ("Quantità: 3", "Pagina 2 di 5"). */
const COUNT_NEUTRAL = new Set([
  "atelier-catalog:list.stockFilter",
  "atelier-catalog:bulk.done.publish",
  "atelier-catalog:bulk.done.unpublish",
  "atelier-catalog:bulk.done.archive",
  "atelier-customers:profile.page",
  "atelier-merch:categories.productsHere",
  "atelier-merch:codes.unlimited",
  "atelier-merch:codes.limited",
  "bag:drawer.quantity",
  "catalog:listing.filtersActive",
  "checkout:summary.quantity",
  "orders:list.page",
  "orders:return.left",
  "stores:filters.option",
]);

/** Numbers that are not called count and never 1 (a range of working days, a legal age, a retention in months). */
const NEVER_ONE = /\{\{(min|max|age|months|created|updated|unchanged|threshold|total|current|page|limit)\}\}/;

describe("plurals", () => {
  const texts = { it: new Map<string, string>(), en: new Map<string, string>() };
  for (const lang of ["it", "en"] as const) {
    for (const [ns, bundle] of Object.entries(resources[lang])) for (const [key, text] of flatten(bundle as Bundle)) texts[lang].set(`${ns}:${key}`, text);
  }

  it("makes every text that takes a count a plural with its _one and _other forms, in both languages", () => {
    const problems: string[] = [];
    for (const lang of ["it", "en"] as const) {
      for (const [key, text] of texts[lang]) {
        if (/\{\{count(\}|,)/.test(text) && !PLURAL.test(key) && !COUNT_NEUTRAL.has(key)) problems.push(`${lang} ${key}: "${text}" takes a count but has no plural forms`);
        const base = key.replace(PLURAL, "");
        if (PLURAL.test(key)) {
          for (const other of ["it", "en"] as const) for (const form of ["one", "other"]) if (!texts[other].has(`${base}_${form}`)) problems.push(`${other} ${base}_${form} missing`);
        }
        // A number that decides the words must come as the count (hold days, notices...).
        if (/\{\{(days|items|quantity)\}\} \p{L}/u.test(text) && !NEVER_ONE.test(text)) problems.push(`${lang} ${key}: "${text}" takes a number that is not the count`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("chooses the same form on the page and in i18next, for every plural text and every count 0..31", () => {
    for (const lang of ["it", "en"] as const) {
      const rules = new Intl.PluralRules(lang);
      const bases = new Set([...texts[lang].keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, "")));
      for (const base of bases) {
        const [ns, key] = base.split(":") as [string, string];
        const pageT = pageSay(lang, ns);
        const serverT = (i18nFor(lang).getFixedT as unknown as (lng: string, ns: string) => Say)(lang, ns);
        for (let count = 0; count <= 31; count++) {
          const expected = texts[lang].get(`${base}_${rules.select(count)}`)!.replace(/\{\{count(, number)?\}\}/g, String(count));
          const onPage = pageT(key, { count });
          expect(onPage.replace(/\{\{[^}]+\}\}/g, ""), `${lang} ${base} ${count}`).toBe(expected.replace(/\{\{[^}]+\}\}/g, ""));
          expect(serverT(key, { count }), `${lang} ${base} ${count}`).toBe(onPage);
        }
      }
    }
  });

  it("says 'ultimo pezzo', never 'ultimi 1 pezzi', and the other counted texts of issue 37", () => {
    expect(pageSay("it", "catalog")("product.sizeLowStock", { count: 1 })).toBe("ultimo pezzo");
    expect(pageSay("it", "catalog")("product.sizeLowStock", { count: 3 })).toBe("ultimi 3 pezzi");
    expect(pageSay("en", "catalog")("product.sizeLowStock", { count: 1 })).toBe("last one left");
    expect(pageSay("en", "catalog")("product.sizeLowStock", { count: 2 })).toBe("last 2 left");
    expect(pageSay("it", "bag")("line.outOfStock", { count: 1 })).toBe("Disponibile solo 1 pezzo: riduci la quantità per procedere.");
    expect(pageSay("it", "checkout")("payment.bankTransferHint", { count: 1 })).toBe("Gli articoli restano riservati per 1 giorno, in attesa del bonifico.");
    expect(pageSay("en", "checkout")("payment.bankTransferHint", { count: 7 })).toBe("Your items stay reserved for 7 days while we wait for the transfer.");
    expect(pageSay("it", "checkout")("payment.paypalInstalments", { count: 3 })).toBe("PayPal in 3 rate");
  });
});
