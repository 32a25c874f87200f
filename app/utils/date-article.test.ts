import { describe, expect, it } from "vitest";
import { type DayArticle, dayWithArticle, withDateArticles } from "./date-article";
import { formatLongDate } from "./dates";

const ARTICLES: DayArticle[] = ["il", "dal", "al", "del", "nel", "sul"];
const ELIDED: Record<DayArticle, string> = { il: "l'", dal: "dall'", al: "all'", del: "dell'", nel: "nell'", sul: "sull'" };

describe("dayWithArticle", () => {
  it.each(Array.from({ length: 31 }, (_, i) => i + 1))("writes day %i with each article", (day) => {
    for (const article of ARTICLES) {
      const expected = day === 8 || day === 11 ? `${ELIDED[article]}${day}` : day === 1 ? `${article} 1°` : `${article} ${day}`;
      expect(dayWithArticle(article, day)).toBe(expected);
    }
  });

  it("says the examples of issue 37", () => {
    expect(dayWithArticle("dal", 11)).toBe("dall'11");
    expect(dayWithArticle("dal", 8)).toBe("dall'8");
    expect(dayWithArticle("dal", 1)).toBe("dal 1°");
    expect(dayWithArticle("dal", 12)).toBe("dal 12");
  });
});

describe("withDateArticles", () => {
  it.each(Array.from({ length: 31 }, (_, i) => i + 1))("mends a sentence with a long date on day %i", (day) => {
    const date = formatLongDate(`2026-12-${String(day).padStart(2, "0")}T12:00:00Z`, "it");
    const written = withDateArticles(`Gli ordini effettuati ora verranno spediti dal ${date}.`);
    expect(written).toBe(`Gli ordini effettuati ora verranno spediti ${dayWithArticle("dal", day)} dicembre 2026.`);
  });

  it("mends every article of a sentence, at its start too, and keeps capitals", () => {
    expect(withDateArticles("Saldi programmati dal 1 dicembre al 8 gennaio, il giorno migliore il 11 marzo.")).toBe(
      "Saldi programmati dal 1° dicembre all'8 gennaio, il giorno migliore l'11 marzo.",
    );
    expect(withDateArticles("Dal 11 dic al 31 dic")).toBe("Dall'11 dic al 31 dic");
    expect(withDateArticles("Cliente dal 08/12/2026, poi dal 01/01/2027")).toBe("Cliente dall'08/12/2026, poi dal 01/01/2027");
  });

  it("leaves numbers that are not dates, and text already right, as they are", () => {
    for (const text of ["Prezzo più basso degli ultimi 30 giorni", "In negozio dal 2010", "dal 11 al 13 per cento", "dall'11 dicembre", "dal 1° dicembre", "Orders ship from 11 December", "ritiro al 8 piano"]) {
      expect(withDateArticles(text)).toBe(text);
    }
  });
});
