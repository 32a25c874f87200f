import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_S, CONSENT_VERSION, allows, consentFromChoice, noticeFor, parseConsent, showConsentBanner } from "./consent";
import { parseIntentForm } from "~/utils/form.server";
import { CONSENT_INTENTS, ConsentChoiceSchema, consentChoiceOf } from "./consent.schema";
import { hasConsent, readConsent, storeConsent } from "./consent.server";

const NOW = new Date("2026-03-01T10:00:00Z");
const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};
/** The choice a form makes through the form kit, or null for a form it refuses (an unknown intent is a 400 there). */
const parseConsentChoice = (data: FormData) => {
  try {
    const submission = parseIntentForm(data, ConsentChoiceSchema, CONSENT_INTENTS);
    return submission.status === "success" ? consentChoiceOf(submission.value) : null;
  } catch {
    return null;
  }
};

describe("a consent choice", () => {
  it("accept all allows every category; the X and reject all allow none", () => {
    expect(consentFromChoice({ intent: "accept" }, NOW)).toEqual({ version: CONSENT_VERSION, preferences: true, analytics: true, marketing: true, decidedAt: NOW.toISOString() });
    expect(consentFromChoice({ intent: "reject" }, NOW)).toMatchObject({ preferences: false, analytics: false, marketing: false });
  });

  it("the granular choice records the ticked categories", () => {
    expect(consentFromChoice({ intent: "save", preferences: false, analytics: true, marketing: false }, NOW)).toMatchObject({ analytics: true, marketing: false });
  });

  it("says what was chosen", () => {
    expect(noticeFor({ intent: "accept" })).toBe("country:consent.accepted");
    expect(noticeFor({ intent: "reject" })).toBe("country:consent.refused");
    expect(noticeFor({ intent: "save", preferences: false, analytics: false, marketing: false })).toBe("country:consent.saved");
  });
});

describe("the consent form", () => {
  it("reads the three intents", () => {
    expect(parseConsentChoice(form({ intent: "accept" }))).toEqual({ intent: "accept" });
    expect(parseConsentChoice(form({ intent: "reject", analytics: "on" }))).toEqual({ intent: "reject" });
    expect(parseConsentChoice(form({ intent: "save", analytics: "on" }))).toEqual({ intent: "save", preferences: false, analytics: true, marketing: false });
    expect(parseConsentChoice(form({ intent: "save" }))).toEqual({ intent: "save", preferences: false, analytics: false, marketing: false });
  });

  it("refuses an unknown intent or a strange checkbox value", () => {
    expect(parseConsentChoice(form({ intent: "maybe" }))).toBeNull();
    expect(parseConsentChoice(form({}))).toBeNull();
    expect(parseConsentChoice(form({ intent: "save", analytics: "yes" }))).toBeNull();
  });
});

describe("a stored consent", () => {
  const stored = consentFromChoice({ intent: "reject" }, NOW);

  it("holds for six months, then is asked again", () => {
    expect(CONSENT_MAX_AGE_S).toBeGreaterThanOrEqual(182 * 86_400);
    expect(parseConsent(stored, new Date(NOW.getTime() + 180 * 86_400_000))).toEqual(stored);
    expect(parseConsent(stored, new Date(NOW.getTime() + CONSENT_MAX_AGE_S * 1000))).toBeNull();
  });

  it("is ignored when malformed, from another version or from the future", () => {
    expect(parseConsent(null, NOW)).toBeNull();
    expect(parseConsent({}, NOW)).toBeNull();
    expect(parseConsent({ ...stored, version: CONSENT_VERSION + 1 }, NOW)).toBeNull();
    expect(parseConsent({ ...stored, analytics: "yes" }, NOW)).toBeNull();
    expect(parseConsent({ ...stored, decidedAt: "soon" }, NOW)).toBeNull();
    expect(parseConsent({ ...stored, decidedAt: new Date(NOW.getTime() + 86_400_000).toISOString() }, NOW)).toBeNull();
  });

  it("allows technical cookies always and the others only when accepted", () => {
    expect(allows(null, "necessary")).toBe(true);
    expect(allows(null, "analytics")).toBe(false);
    expect(allows(stored, "marketing")).toBe(false);
    expect(allows(consentFromChoice({ intent: "save", preferences: false, analytics: true, marketing: false }, NOW), "analytics")).toBe(true);
  });
});

describe("the banner", () => {
  it("shows until the shopper chooses, except on the choices page", () => {
    expect(showConsentBanner(false, "/")).toBe(true);
    expect(showConsentBanner(false, "/en/categories/women")).toBe(true);
    expect(showConsentBanner(false, "/pages/cookies")).toBe(false);
    expect(showConsentBanner(false, "/en/pages/cookies?x=1")).toBe(false);
    expect(showConsentBanner(true, "/")).toBe(false);
  });
});

describe("the consent cookie", () => {
  it("is technical: HttpOnly, SameSite=Lax, six months", async () => {
    const header = await storeConsent(consentFromChoice({ intent: "accept" }, NOW), true);
    expect(header).toMatch(/^consent=/);
    expect(header).toContain(`Max-Age=${CONSENT_MAX_AGE_S}`);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Secure");
  });

  it("is read back, and hasConsent answers per category", async () => {
    const now = new Date();
    const cookie = (await storeConsent(consentFromChoice({ intent: "save", preferences: false, analytics: true, marketing: false }, now), false)).split(";")[0];
    expect(await readConsent(cookie, now)).toMatchObject({ analytics: true, marketing: false });
    const request = new Request("http://localhost/", { headers: { Cookie: cookie } });
    expect(await hasConsent(request, "analytics")).toBe(true);
    expect(await hasConsent(request, "marketing")).toBe(false);
    expect(await hasConsent(new Request("http://localhost/"), "analytics")).toBe(false);
    expect(await hasConsent(new Request("http://localhost/"), "necessary")).toBe(true);
  });
});
