import { describe, expect, it } from "vitest";
import { isLiteRequest, liteCookie } from "./lite-mode.server";

const request = (headers: Record<string, string>) => isLiteRequest(new Headers(headers));

describe("isLiteRequest", () => {
  it("follows Save-Data: on when the shopper chose nothing", () => {
    expect(request({})).toBe(false);
    for (const value of ["on", "On", " on ", "on; foo=bar"]) expect(request({ "Save-Data": value }), value).toBe(true);
    for (const value of ["off", "", "onion", "1"]) expect(request({ "Save-Data": value }), value).toBe(false);
  });

  it("follows the shopper's cookie over Save-Data: 1 lite, 0 full", () => {
    expect(request({ Cookie: "bottega_lite=1" })).toBe(true);
    expect(request({ Cookie: "__session=abc; bottega_lite=1; consent=x" })).toBe(true);
    expect(request({ Cookie: "bottega_lite=0", "Save-Data": "on" })).toBe(false);
    expect(request({ Cookie: "a=b;bottega_lite=0", "Save-Data": "on" })).toBe(false);
  });

  it("takes any other value, or another cookie's name, as no choice", () => {
    for (const cookie of ["bottega_lite=", "bottega_lite=2", "bottega_lite=true", "not_bottega_lite=1", "bottega_lite_x=1"]) {
      expect(request({ Cookie: cookie }), cookie).toBe(false);
      expect(request({ Cookie: cookie, "Save-Data": "on" }), `${cookie} with Save-Data`).toBe(true);
    }
  });
});

describe("liteCookie", () => {
  it("writes the plain value, for a year, HttpOnly and SameSite=Lax, Secure over HTTPS", () => {
    expect(liteCookie(true, false)).toBe("bottega_lite=1; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax");
    expect(liteCookie(false, true)).toBe("bottega_lite=0; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax; Secure");
  });
});
