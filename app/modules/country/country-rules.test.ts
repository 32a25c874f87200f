import { describe, expect, it } from "vitest";
import {
  COUNTRY_CODES,
  POPUP_AUTO_CLOSE_MS,
  PREFERENCE_MAX_AGE_S,
  alternatesFromPaths,
  chooseCountry,
  chooserHref,
  isCountryCode,
  pageKindOf,
  preferenceToStore,
  resolveCountry,
  scrolledPastThreshold,
  shopOf,
  showCountryPopup,
  targetPath,
} from "./country-rules";

const HOSTS = { it: "https://bottega.it", eu: "https://bottega.eu" };
const SAME_HOST = { it: "http://localhost:3000", eu: "http://localhost:3000" };

describe("the country zone list", () => {
  it("is IT, the 26 other EU countries and ROTW, in the spec's order", () => {
    expect(COUNTRY_CODES).toHaveLength(28);
    expect(COUNTRY_CODES[0]).toBe("IT");
    expect(COUNTRY_CODES.at(-1)).toBe("ROTW");
    expect(new Set(COUNTRY_CODES).size).toBe(28);
    expect(COUNTRY_CODES.join(" ")).toBe("IT AT BE BG HR CY CZ DK EE FI FR DE GR HU IE LV LT LU MT NL PL PT RO SK SI ES SE ROTW");
  });

  it("maps Italy to the Italian shop and everything else to the international one", () => {
    expect(shopOf("IT")).toBe("it");
    for (const code of COUNTRY_CODES.filter((c) => c !== "IT")) expect(shopOf(code)).toBe("eu");
  });

  it("knows its codes and nothing else", () => {
    expect(isCountryCode("FR")).toBe(true);
    expect(isCountryCode("ROTW")).toBe(true);
    expect(isCountryCode("US")).toBe(false);
    expect(isCountryCode("fr")).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
  });

  it("keeps the spec's constants", () => {
    expect(PREFERENCE_MAX_AGE_S).toBe(86_400);
    expect(POPUP_AUTO_CLOSE_MS).toBe(30_000);
  });
});

describe("which country a request is on", () => {
  it("the Italian host is Italy, whatever the preference", () => {
    expect(resolveCountry({ requestHost: "bottega.it", hosts: HOSTS, preference: null })).toEqual({ shop: "it", country: "IT" });
    expect(resolveCountry({ requestHost: "bottega.it", hosts: HOSTS, preference: "FR" })).toEqual({ shop: "it", country: "IT" });
  });

  it("any other host is the international shop, its country the preference once chosen", () => {
    expect(resolveCountry({ requestHost: "bottega.eu", hosts: HOSTS, preference: null })).toEqual({ shop: "eu", country: null });
    expect(resolveCountry({ requestHost: "bottega.eu", hosts: HOSTS, preference: "DE" })).toEqual({ shop: "eu", country: "DE" });
    expect(resolveCountry({ requestHost: "bottega.eu", hosts: HOSTS, preference: "IT" })).toEqual({ shop: "eu", country: null });
    expect(resolveCountry({ requestHost: "www.example.com", hosts: HOSTS, preference: null })).toEqual({ shop: "eu", country: null });
  });

  it("compares the port too", () => {
    const hosts = { it: "http://localhost:3210", eu: "http://127.0.0.1:3210" };
    expect(resolveCountry({ requestHost: "localhost:3210", hosts, preference: null }).shop).toBe("it");
    expect(resolveCountry({ requestHost: "localhost:3211", hosts, preference: null }).shop).toBe("eu");
    expect(resolveCountry({ requestHost: "127.0.0.1:3210", hosts, preference: null }).shop).toBe("eu");
  });

  it("when both shops share one host, the preference tells them apart", () => {
    expect(resolveCountry({ requestHost: "localhost:3000", hosts: SAME_HOST, preference: null })).toEqual({ shop: "it", country: "IT" });
    expect(resolveCountry({ requestHost: "localhost:3000", hosts: SAME_HOST, preference: "IT" })).toEqual({ shop: "it", country: "IT" });
    expect(resolveCountry({ requestHost: "localhost:3000", hosts: SAME_HOST, preference: "ES" })).toEqual({ shop: "eu", country: "ES" });
  });
});

describe("what a choice stores", () => {
  it("on the Italian locale the preference is always IT: choosing Italy stores nothing", () => {
    expect(preferenceToStore("it", "IT")).toBeNull();
  });

  it("a country other than Italy, or any choice from a non-Italian locale, is stored", () => {
    expect(preferenceToStore("it", "FR")).toBe("FR");
    expect(preferenceToStore("it", "ROTW")).toBe("ROTW");
    expect(preferenceToStore("en", "IT")).toBe("IT");
    expect(preferenceToStore("en", "DE")).toBe("DE");
  });
});

describe("the kind of page", () => {
  it.each([
    ["/", "other"],
    ["/en", "other"],
    ["/blog", "blog"],
    ["/blog/lino-estate", "blog"],
    ["/en/blog/summer-linen", "blog"],
    ["/curadelcapo", "care"],
    ["/curadelcapo/lana", "care"],
    ["/en/careguide/wool", "care"],
    ["/account", "account"],
    ["/en/account/orders/12", "account"],
    ["/pages/country", "chooser"],
    ["/en/pages/country?from=%2F", "chooser"],
    ["/pages/Faq", "other"],
    ["/blogger", "other"],
    ["/categories/donna?size=M", "other"],
  ] as const)("%s is %s", (path, kind) => {
    expect(pageKindOf(path)).toBe(kind);
  });
});

describe("the path on the other shop", () => {
  it("is the same path, query included, on ordinary pages", () => {
    expect(targetPath("/categories/donna?size=M")).toBe("/categories/donna?size=M");
    expect(targetPath("/en/products/linen-shirt", { it: "/products/camicia-di-lino", en: "/en/products/linen-shirt" })).toBe("/en/products/linen-shirt");
    expect(targetPath("/")).toBe("/");
  });

  it("on blog pages becomes the first localization's slug", () => {
    const alternates = { it: "/blog/lino-in-estate", en: "/en/blog/linen-in-summer" };
    expect(targetPath("/blog/lino-in-estate", alternates)).toBe("/en/blog/linen-in-summer");
    expect(targetPath("/en/blog/linen-in-summer", alternates)).toBe("/blog/lino-in-estate");
  });

  it("on a blog page without alternates keeps the path", () => {
    expect(targetPath("/blog/lino-in-estate")).toBe("/blog/lino-in-estate");
    expect(targetPath("/blog/lino-in-estate", { it: "/blog/lino-in-estate" })).toBe("/blog/lino-in-estate");
  });

  it("on care-guide pages swaps curadelcapo and careguide with the localized slug", () => {
    const alternates = { it: "/curadelcapo/lana", en: "/en/careguide/wool" };
    expect(targetPath("/curadelcapo/lana", alternates)).toBe("/en/careguide/wool");
    expect(targetPath("/en/careguide/wool", alternates)).toBe("/curadelcapo/lana");
  });

  it("swaps the care guide's index without alternates; keeps a guide's path without them", () => {
    expect(targetPath("/curadelcapo")).toBe("/en/careguide");
    expect(targetPath("/en/careguide")).toBe("/curadelcapo");
    expect(targetPath("/curadelcapo/lana")).toBe("/curadelcapo/lana");
  });
});

describe("choosing a country", () => {
  it("Italy from the Italian locale on the Italian shop stays, storing nothing", () => {
    expect(chooseCountry({ locale: "it", chosen: "IT", currentShop: "it", path: "/categories/donna" })).toEqual({ store: null, shop: "it", path: "/categories/donna" });
  });

  it("France from the Italian locale goes to the international shop at the same path and stores FR", () => {
    expect(chooseCountry({ locale: "it", chosen: "FR", currentShop: "it", path: "/categories/donna?size=M" })).toEqual({ store: "FR", shop: "eu", path: "/categories/donna?size=M" });
  });

  it("from a non-Italian locale every choice is stored", () => {
    expect(chooseCountry({ locale: "en", chosen: "IT", currentShop: "it", path: "/en" })).toEqual({ store: "IT", shop: "it", path: "/en" });
    expect(chooseCountry({ locale: "en", chosen: "DE", currentShop: "eu", path: "/en/pages/Faq" })).toEqual({ store: "DE", shop: "eu", path: "/en/pages/Faq" });
  });

  it("Italy from the international shop goes back to the Italian one", () => {
    expect(chooseCountry({ locale: "it", chosen: "IT", currentShop: "eu", path: "/pages/Faq" })).toEqual({ store: null, shop: "it", path: "/pages/Faq" });
  });

  it("changes blog and care-guide paths only when the shop changes", () => {
    const alternates = { it: "/blog/lino", en: "/en/blog/linen" };
    expect(chooseCountry({ locale: "it", chosen: "FR", currentShop: "it", path: "/blog/lino", alternates }).path).toBe("/en/blog/linen");
    expect(chooseCountry({ locale: "it", chosen: "FR", currentShop: "eu", path: "/blog/lino", alternates }).path).toBe("/blog/lino");
  });

  it("reads alternates from a list of paths", () => {
    expect(alternatesFromPaths(["/blog/lino", "/en/blog/linen"])).toEqual({ it: "/blog/lino", en: "/en/blog/linen" });
    expect(alternatesFromPaths([])).toEqual({});
  });
});

describe("the small country popup", () => {
  const base = { locale: "it" as const, country: null, path: "/categories/donna", preference: null, consentPending: false };

  it("waits while the cookie banner asks: the cookie choice comes first", () => {
    expect(showCountryPopup({ ...base, consentPending: true })).toBe(false);
    expect(showCountryPopup({ ...base, locale: "en", country: "IT", path: "/en", consentPending: true })).toBe(false);
    // Once the shopper has chosen (or on the cookies page, where the banner does not show).
    expect(showCountryPopup({ ...base, consentPending: false })).toBe(true);
  });

  it("shows for the Italian locale on a non-Italian country", () => {
    expect(showCountryPopup(base)).toBe(true);
  });

  it("shows for a non-Italian locale on the Italian country", () => {
    expect(showCountryPopup({ ...base, locale: "en", country: "IT", path: "/en" })).toBe(true);
  });

  it("is hidden once a preference is set", () => {
    expect(showCountryPopup({ ...base, preference: "FR" })).toBe(false);
    expect(showCountryPopup({ ...base, locale: "en", country: "IT", preference: "IT" })).toBe(false);
  });

  it("is hidden on blog pages", () => {
    expect(showCountryPopup({ ...base, path: "/blog" })).toBe(false);
    expect(showCountryPopup({ ...base, path: "/blog/lino" })).toBe(false);
    expect(showCountryPopup({ ...base, locale: "en", country: "IT", path: "/en/blog/linen" })).toBe(false);
  });

  it("is hidden on account and curadelcapo (careguide) pages", () => {
    expect(showCountryPopup({ ...base, path: "/account" })).toBe(false);
    expect(showCountryPopup({ ...base, path: "/account/orders/3" })).toBe(false);
    expect(showCountryPopup({ ...base, path: "/curadelcapo" })).toBe(false);
    expect(showCountryPopup({ ...base, path: "/curadelcapo/lana" })).toBe(false);
    expect(showCountryPopup({ ...base, locale: "en", country: "IT", path: "/en/careguide" })).toBe(false);
  });

  it("is hidden on the chooser page itself", () => {
    expect(showCountryPopup({ ...base, path: "/pages/country" })).toBe(false);
  });

  it("is hidden when the Italian locale is on the Italian country", () => {
    expect(showCountryPopup({ ...base, country: "IT" })).toBe(false);
  });

  it("is hidden when a non-Italian locale is on a non-Italian country", () => {
    expect(showCountryPopup({ ...base, locale: "en", country: "FR", path: "/en" })).toBe(false);
    expect(showCountryPopup({ ...base, locale: "en", country: null, path: "/en" })).toBe(false);
  });
});

describe("closing a modal on scroll", () => {
  it("closes past 20 % of the window height from where it opened, either way", () => {
    expect(scrolledPastThreshold(1000, 1180, 900)).toBe(false);
    expect(scrolledPastThreshold(1000, 1181, 900)).toBe(true);
    expect(scrolledPastThreshold(1000, 819, 900)).toBe(true);
    expect(scrolledPastThreshold(0, 0, 900)).toBe(false);
  });
});

describe("the chooser page's link", () => {
  it("carries the page it comes from", () => {
    expect(chooserHref("it", "/categories/donna?size=M")).toBe("/pages/country?from=%2Fcategories%2Fdonna%3Fsize%3DM");
    expect(chooserHref("en", "/en")).toBe("/en/pages/country?from=%2Fen");
  });

  it("carries the alternates on blog and care-guide pages only", () => {
    const alternates = { it: "/blog/lino", en: "/en/blog/linen" };
    expect(chooserHref("it", "/blog/lino", alternates)).toBe("/pages/country?from=%2Fblog%2Flino&alternate=%2Fblog%2Flino&alternate=%2Fen%2Fblog%2Flinen");
    expect(chooserHref("it", "/products/x", { it: "/products/x", en: "/en/products/y" })).toBe("/pages/country?from=%2Fproducts%2Fx");
  });

  it("on the chooser itself is the plain chooser", () => {
    expect(chooserHref("it", "/pages/country?from=%2F")).toBe("/pages/country");
  });
});
