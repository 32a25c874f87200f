import { describe, expect, it } from "vitest";
import { fixedT, i18nFor } from "./i18next.server";

describe("the shared i18next instances", () => {
  it("answer a remembered text exactly as i18next would, per key, options, language and namespace", () => {
    const it_ = fixedT("it");
    const en = fixedT("en");
    for (let round = 0; round < 2; round++) {
      expect(it_("price.lowest", { price: "9,00 €" })).toBe("Prezzo più basso degli ultimi 30 giorni: 9,00 €");
      expect(it_("price.lowest", { price: "12,00 €" })).toBe("Prezzo più basso degli ultimi 30 giorni: 12,00 €");
      expect(en("price.soldOut")).toBe("Sold out");
      expect(it_("price.soldOut")).toBe("Esaurito");
    }
    const catalog = i18nFor("it").getFixedT(null, "catalog");
    expect(catalog("listing.home")).toBe(i18nFor("it").t("listing.home", { ns: "catalog" }));
  });

  it("pass calls they cannot remember (objects in the options, a default value as a string) straight to i18next", () => {
    const it_ = fixedT("it");
    expect(it_("price.lowest", { price: { toString: () => "1 €" } } as never)).toContain("1 €");
    expect(it_("missing.key", "Riserva" as never)).toBe("Riserva");
  });
});
