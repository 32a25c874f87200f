import { describe, expect, it } from "vitest";
import { buildLexicon, normalizedQuery, planQuery, rankCandidates } from "./search-query";
import { allowedEdits, closestWord, editDistance, meaningfulWords, stemWord, termsOf } from "./search-terms";

describe("search terms", () => {
  it("stems Italian and English so that plurals and genders meet", () => {
    for (const [a, b] of [["bianco", "bianca"], ["bianchi", "bianche"], ["camicia", "camicie"], ["pantalone", "pantaloni"], ["sandalo", "sandali"], ["città", "citta"]]) {
      expect(stemWord("it", meaningfulWords("it", a)[0]), a).toBe(stemWord("it", meaningfulWords("it", b)[0]));
    }
    for (const [a, b] of [["jumper", "jumpers"], ["dress", "dresses"], ["shoe", "shoes"]]) expect(stemWord("en", a)).toBe(stemWord("en", b));
    expect(stemWord("it", "2")).toBe("2");
    expect(termsOf("it", ["Pantaloni ampi in lino", null, "Donna"])).toBe("pantalon ampi lin donn");
    expect(meaningfulWords("en", "The coat with a belt")).toEqual(["coat", "belt"]);
  });

  it("measures edits, a swap of neighbours as one, and stops past the bound", () => {
    expect(editDistance("capotto", "cappotto", 1)).toBe(1);
    expect(editDistance("cmaicia", "camicia", 1)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
    expect(editDistance("abc", "abcdef", 2)).toBe(3);
    expect([allowedEdits("lana"), allowedEdits("cappa"), allowedEdits("maglieria")]).toEqual([0, 1, 2]);
    expect(closestWord("capotto", ["cappotto", "capotte", "cappotti"], 1)).toEqual({ word: "capotte", distance: 1 });
    expect(closestWord("zzzzz", ["lana"], 1)).toBeNull();
  });

  it("plans a query: stems, synonyms, beginnings, corrections, stop words, bounds", () => {
    const vocabulary = ["cappotto", "cappotti", "abito", "cardigan", "lino", "bianco"].map((word) => ({ word, stem: stemWord("it", word) }));
    const lexicon = buildLexicon("it", vocabulary, ["vestito, abito", "golf, cardigan, maglia da lavoro"]);
    expect(planQuery(lexicon, "vestiti").words[0].alternatives).toEqual([["abit"]]);
    expect(planQuery(lexicon, "cardig").words[0].alternatives).toEqual([["cardigan"]]);
    const typo = planQuery(lexicon, "Capotto di lino");
    expect(typo.corrected).toBe("cappotto di lino");
    expect(typo.words.map((w) => w.typed)).toEqual(["capotto", "lino"]);
    expect(planQuery(lexicon, "capotto", { exact: true }).unmatched).toBe(true);
    expect(planQuery(lexicon, "zanzibar").unmatched).toBe(true);
    expect(planQuery(lexicon, "a b c d e f g h i j k l").words.length).toBeLessThanOrEqual(8);
    expect(planQuery(lexicon, "vestit", { prefixLast: true }).words[0].alternatives).toContainEqual(["abit"]);
    expect(normalizedQuery("  Cappotto  BLU! ")).toBe("cappotto blu");
  });

  it("ranks head matches first, in stock before sold out, then points, then the featured order", () => {
    const lexicon = buildLexicon("it", ["giacca", "blu", "lino"].map((word) => ({ word, stem: stemWord("it", word) })), []);
    const plan = planQuery(lexicon, "giacca blu");
    const base = { categoryTerms: "", featuredRank: 1 };
    const ids = rankCandidates(plan, [
      { ...base, productId: 1, nameTerms: "giacc lin", colorTerms: "ner", inStock: true },
      { ...base, productId: 2, nameTerms: "giacc lin", colorTerms: "blu", inStock: false },
      { ...base, productId: 3, nameTerms: "giacc", colorTerms: "blu", inStock: true, featuredRank: 5 },
      { ...base, productId: 4, nameTerms: "giacc blu", colorTerms: "blu", inStock: true, featuredRank: 9 },
    ]);
    expect(ids).toEqual([4, 3, 2, 1]);
  });
});
