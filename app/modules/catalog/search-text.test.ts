import { describe, expect, it } from "vitest";
import { MAX_QUERY_TOKENS, normalizeSearchText, searchDocument, searchTokens, searchWords } from "./search-text";

describe("normalizeSearchText", () => {
  it("lower-cases and strips accents", () => {
    expect(normalizeSearchText("Décolleté PLISSÉ")).toBe("decollete plisse");
    expect(normalizeSearchText("Crêpe à più è perché")).toBe("crepe a piu e perche");
    expect(normalizeSearchText("MAGLIA")).toBe("maglia");
  });

  it("treats precomposed and decomposed accents alike", () => {
    expect(normalizeSearchText("e\u0301")).toBe(normalizeSearchText("\u00e9"));
  });

  it("folds letters Unicode does not decompose, and compatibility forms", () => {
    expect(normalizeSearchText("Straße Œuvre Ørsted Łódź")).toBe("strasse oeuvre orsted lodz");
    expect(normalizeSearchText("ｍａｇｌｉａ ﬁlo")).toBe("maglia filo");
    expect(normalizeSearchText("İstanbul")).toBe("istanbul");
  });
});

describe("searchWords and searchDocument", () => {
  it("keep letters and digits only; everything else separates words", () => {
    expect(searchWords("Cotton-linen, 100% l'aspetto; super 120's")).toEqual(["cotton", "linen", "100", "l", "aspetto", "super", "120", "s"]);
  });

  it("build a space-separated document from its parts, skipping empty ones", () => {
    expect(searchDocument(["Abito lungo plissé", null, "", "Verde bosco", "100% poliestere"])).toBe("abito lungo plisse verde bosco 100 poliestere");
  });
});

describe("searchTokens", () => {
  it("drops every character of query syntax", () => {
    expect(searchTokens(`"maglia"* -lana OR NEAR(cardigan) '; drop table products; --`)).toEqual([
      "maglia",
      "lana",
      "or",
      "near",
      "cardigan",
      "drop",
      "table",
      "products",
    ]);
    expect(searchTokens("tok:* & !x | y <-> z")).toEqual(["tok", "x", "y", "z"]);
    for (const token of searchTokens(`a"b'c*d(e)f:g&h|i!j-k^l{m}`)) expect(token).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  it("is empty for a query without letters or digits", () => {
    expect(searchTokens("")).toEqual([]);
    expect(searchTokens("   ")).toEqual([]);
    expect(searchTokens(`*** "" -- ''; ()`)).toEqual([]);
  });

  it("keeps at most eight distinct words, in the order typed", () => {
    expect(searchTokens("lana Lana LANA làna")).toEqual(["lana"]);
    const many = "uno due tre quattro cinque sei sette otto nove dieci";
    expect(searchTokens(many)).toEqual(["uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto"]);
    expect(searchTokens(many)).toHaveLength(MAX_QUERY_TOKENS);
  });

  it("reads at most 100 characters and cuts runaway words", () => {
    expect(searchTokens(`${"x".repeat(100)} lana`)).toEqual(["x".repeat(40)]);
  });
});
