import { describe, expect, it } from "vitest";
import { defaultAlternatePath, localizePath } from "./locale";

describe("localizePath", () => {
  it("keeps Italian paths and prefixes English ones", () => {
    expect(localizePath("/pages/Faq", "it")).toBe("/pages/Faq");
    expect(localizePath("/pages/Faq", "en")).toBe("/en/pages/Faq");
    expect(localizePath("/", "en")).toBe("/en");
  });

  it("translates the care guide's segment for English", () => {
    expect(localizePath("/curadelcapo", "it")).toBe("/curadelcapo");
    expect(localizePath("/curadelcapo", "en")).toBe("/en/careguide");
    expect(localizePath("/curadelcapo/lana", "en")).toBe("/en/careguide/lana");
    expect(localizePath("/curadelcapo?page=2", "en")).toBe("/en/careguide?page=2");
    expect(localizePath("/curadelcapo-extra", "en")).toBe("/en/curadelcapo-extra");
  });
});

describe("defaultAlternatePath", () => {
  it("swaps the prefix and the translated segment both ways", () => {
    expect(defaultAlternatePath("/curadelcapo", "en")).toBe("/en/careguide");
    expect(defaultAlternatePath("/en/careguide/wool", "it")).toBe("/curadelcapo/wool");
    expect(defaultAlternatePath("/en/careguide", "en")).toBe("/en/careguide");
    expect(defaultAlternatePath("/pages/Faq", "en")).toBe("/en/pages/Faq");
  });
});
