import { describe, expect, it } from "vitest";
import { NAMED_PRODUCTS_LIMIT, productSlugsNamedIn } from "./named-products";

describe("productSlugsNamedIn", () => {
  const text =
    "Un [cappotto](/products/cappotto-in-loden) e un [abito](/products/abito-midi-in-lino?color=NERO), " +
    "di nuovo il [cappotto](/products/cappotto-in-loden), la [collezione](/categories/donna), " +
    "[in inglese](/en/products/loden-coat), [fuori](https://example.com/products/x) e [codificato](/products/gonna-%C3%A0-pieghe).";

  it("reads the product links of the story's language, in order, once each, without their query", () => {
    expect(productSlugsNamedIn(text, "it")).toEqual(["cappotto-in-loden", "abito-midi-in-lino", "gonna-à-pieghe"]);
    expect(productSlugsNamedIn(text, "en")).toEqual(["loden-coat"]);
  });

  it("passes over a link it cannot decode, and stops at the row's limit", () => {
    expect(productSlugsNamedIn("[x](/products/%E0%A4) [y](/products/y)", "it")).toEqual(["y"]);
    const many = Array.from({ length: 12 }, (_, i) => `[p${i}](/products/p${i})`).join(" ");
    expect(productSlugsNamedIn(many, "it")).toHaveLength(NAMED_PRODUCTS_LIMIT);
  });

  it("finds nothing in a text without product links", () => {
    expect(productSlugsNamedIn("Solo [una pagina](/pages/Faq).", "it")).toEqual([]);
  });
});
