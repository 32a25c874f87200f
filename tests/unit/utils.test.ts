import { describe, expect, it } from "vitest";
import { findStaticPage } from "~/modules/base/static-pages";
import { getEnv } from "~/utils/env.server";
import { defaultAlternatePath, localeFromPath, localizePath, stripLocale } from "~/utils/locale";
import { formatMoney } from "~/utils/money";
import { MAX_REDIRECT_LENGTH, safeRedirect } from "~/utils/safe-redirect";

describe("locale routing", () => {
  it("reads the language from the path only", () => {
    expect(localeFromPath("/")).toBe("it");
    expect(localeFromPath("/en")).toBe("en");
    expect(localeFromPath("/en/pages/Faq")).toBe("en");
    expect(localeFromPath("/english")).toBe("it");
    expect(localeFromPath("/it/pages/Faq")).toBe("it");
  });

  it("adds and removes the English prefix", () => {
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/cart", "en")).toBe("/en/cart");
    expect(localizePath("/cart", "it")).toBe("/cart");
    expect(stripLocale("/en")).toBe("/");
    expect(stripLocale("/en/cart")).toBe("/cart");
  });

  it("maps a page to the other language, swapping the care-guide segment", () => {
    expect(defaultAlternatePath("/", "en")).toBe("/en");
    expect(defaultAlternatePath("/en", "it")).toBe("/");
    expect(defaultAlternatePath("/pages/Faq", "en")).toBe("/en/pages/Faq");
    expect(defaultAlternatePath("/curadelcapo", "en")).toBe("/en/careguide");
    expect(defaultAlternatePath("/curadelcapo/lana", "en")).toBe("/en/careguide/lana");
    expect(defaultAlternatePath("/en/careguide/wool", "it")).toBe("/curadelcapo/wool");
    expect(defaultAlternatePath("/en/cart", "en")).toBe("/en/cart");
  });
});

describe("money", () => {
  it("formats integer cents in the shopper's locale", () => {
    expect(formatMoney(12900, "it").replace(/\s/g, " ")).toBe("129,00 €");
    expect(formatMoney(12900, "en")).toBe("€129.00");
    expect(formatMoney(123456, "it").replace(/\s/g, " ")).toMatch(/^1\.?234,56 €$/);
    expect(() => formatMoney(12.5, "it")).toThrow();
  });
});

describe("safeRedirect", () => {
  it("accepts local paths only", () => {
    expect(safeRedirect("/account?tab=orders")).toBe("/account?tab=orders");
    expect(safeRedirect("/en/cart")).toBe("/en/cart");
    for (const evil of ["//evil.com", "/\\evil.com", "https://evil.com", "javascript:alert(1)", "evil.com", "/ok\nLocation: x", "", null, undefined]) {
      expect(safeRedirect(evil as string)).toBe("/");
    }
    expect(safeRedirect("//evil.com", "/en")).toBe("/en");
  });

  it("turns the four cases of the Accounts issue into '/': //evil.com, https://evil.com, /\\evil.com, /../x", () => {
    expect(safeRedirect("//evil.com")).toBe("/");
    expect(safeRedirect("https://evil.com")).toBe("/");
    expect(safeRedirect("/\\evil.com")).toBe("/");
    expect(safeRedirect("/../x")).toBe("/");
    for (const dotted of ["/./x", "/a/../b", "/%2e%2e/x", "/%2E/x", "/a/..", "/.", "/..?q"]) expect(safeRedirect(dotted), dotted).toBe("/");
    // Dots inside names are fine.
    expect(safeRedirect("/pages/v1.2/x..y")).toBe("/pages/v1.2/x..y");
    expect(safeRedirect("/.well-known/x")).toBe("/.well-known/x");
  });

  it("returns the path percent-encoded, so it can be a Location header", () => {
    expect(safeRedirect("/€")).toBe("/%E2%82%AC");
    expect(safeRedirect("/pages/più?q=caffè#sù")).toBe("/pages/pi%C3%B9?q=caff%C3%A8#s%C3%B9");
    expect(safeRedirect("/%E2%82%AC?q=%20")).toBe("/%E2%82%AC?q=%20");
    expect(safeRedirect("/a b")).toBe("/a%20b");
    for (const target of ["/€", "/pages/più", "/a b", "/日本"]) expect(() => new Headers({ Location: safeRedirect(target) })).not.toThrow();
  });

  it("refuses a target too long for a Location header, once encoded or as written", () => {
    const longest = `/${"a".repeat(MAX_REDIRECT_LENGTH - 1)}`;
    expect(safeRedirect(longest)).toBe(longest);
    expect(safeRedirect(`${longest}a`)).toBe("/");
    // 300 "€" are 301 characters as written, 2 701 once encoded.
    expect(safeRedirect(`/${"€".repeat(300)}`, "/en")).toBe("/en");
    expect(safeRedirect(`/pages/cookies?redirectTo=/${"€".repeat(5000)}`)).toBe("/");
  });

  it("refuses what would turn into another host once resolved", () => {
    for (const evil of ["/.//evil.com", "/./\\evil.com", "/\u0085evil", "/\t/evil.com", "/x\u0000"]) {
      expect(safeRedirect(evil)).toBe("/");
    }
  });
});

describe("environment", () => {
  it("has safe defaults for a local run", () => {
    const env = getEnv({ NODE_ENV: "development" });
    expect(env.PORT).toBe(3000);
    expect(env.databaseKind).toBe("sqlite");
    expect(env.DATABASE_URL).toBe("file:data/bottega.sqlite");
  });

  it("selects PostgreSQL from the URL and rejects other schemes", () => {
    expect(getEnv({ DATABASE_URL: "postgres://localhost/test" }).databaseKind).toBe("postgres");
    expect(() => getEnv({ DATABASE_URL: "mysql://localhost/test" })).toThrow(/DATABASE_URL/);
    expect(() => getEnv({ PORT: "not-a-port" })).toThrow(/PORT/);
    // `NAME=` in an environment file is unset, not an empty value (systemd's EnvironmentFile).
    const blanks = getEnv({ METRICS_TOKEN: "", SMTP_URL: "", PORT: "" });
    expect([blanks.METRICS_TOKEN, blanks.SMTP_URL, blanks.PORT]).toEqual([undefined, undefined, 3000]);
  });

  it("refuses to start in production without a real session secret", () => {
    expect(() => getEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(() => getEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/32 characters/);
    expect(() => getEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) })).toThrow(/PAYMENT_PROVIDER is not set/);
    expect(getEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PAYMENT_PROVIDER: "sandbox" }).PAYMENT_PROVIDER).toBe("sandbox");
    expect(() => getEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PAYMENT_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    // `npm start` on a laptop: production build, development secret allowed with a warning.
    expect(getEnv({ NODE_ENV: "production", ALLOW_DEV_SECRET: "1" }).NODE_ENV).toBe("production");
  });
});

describe("content routes", () => {
  it("serves Whistleblowing in Italian only and both spellings of the terms page", () => {
    expect(findStaticPage("Whistleblowing", "it")).not.toBeNull();
    expect(findStaticPage("Whistleblowing", "en")).toBeNull();
    expect(findStaticPage("Terms-and-Conditions", "en")?.canonicalId).toBe("Terms-Conditions");
    expect(findStaticPage("Nope", "it")).toBeNull();
  });
});
