import { describe, expect, it } from "vitest";
import { i18nFor, serverT, serverText } from "./texts.server";

describe("the shared i18next instances", () => {
  it("answer a remembered text exactly as i18next would, per key, options, language and namespace", () => {
    const it_ = serverT("it");
    const en = serverT("en");
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
    const it_ = serverT("it");
    expect(it_("price.lowest", { price: { toString: () => "1 €" } } as never)).toContain("1 €");
    expect(it_("missing.key", "Riserva" as never)).toBe("Riserva");
  });

  it("write Italian's article before a date in every text (mails, API messages): dall'11, dall'8, dal 1°", () => {
    const mail = i18nFor("it").getFixedT(null, "orders");
    expect(mail("return.intro", { date: "11 dicembre 2026" })).toBe("Puoi restituire gli articoli entro l'11 dicembre 2026: 14 giorni lavorativi dalla consegna.");
    const checkout = i18nFor("it").getFixedT(null, "checkout");
    expect(checkout("closure.shipsFrom", { date: "8 gennaio 2027" })).toBe("Gli ordini effettuati ora verranno spediti dall'8 gennaio 2027.");
    expect(checkout("closure.shipsFrom", { date: "1 febbraio 2027" })).toBe("Gli ordini effettuati ora verranno spediti dal 1° febbraio 2027.");
    expect(i18nFor("en").getFixedT(null, "checkout")("closure.shipsFrom", { date: "8 January 2027" })).toBe("Orders placed now ship from 8 January 2027.");
  });

  it("give a key named at run time its text, in any namespace (mail's too), and an unknown key or a library's English message back as it is", () => {
    expect(serverText("en", "api:notLoggedIn")).toBe(serverT("en", "api")("notLoggedIn"));
    expect(serverText("it", "newsletter.success")).toBe(serverT("it")("newsletter.success"));
    expect(serverText("it", "nothing.here")).toBe("nothing.here");
    expect(serverText("it", "api:nothingHere")).toBe("api:nothingHere");
    expect(serverText("en", "Invalid input: expected string, received undefined")).toBe("Invalid input: expected string, received undefined");
    expect(serverText("it", "mail:nothing.here")).toBe("mail:nothing.here");
    expect(serverText("it", "checkout:closure.shipsFrom", { date: "11 gennaio 2027" })).toBe("Gli ordini effettuati ora verranno spediti dall'11 gennaio 2027.");
  });
});
