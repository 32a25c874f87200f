import { describe, expect, it } from "vitest";
import { apiMessage, requestLocale, validationErrorResponse } from "./json-api.server";
import { z } from "./zod";

describe("the JSON API's messages", () => {
  it("take the body's language, else the query's language or lang, else Italian", () => {
    expect(requestLocale(new Request("http://x/api/newsletter"), { language: "en" })).toBe("en");
    expect(requestLocale(new Request("http://x/api/newsletter?language=en"), { language: "fr" })).toBe("en");
    expect(requestLocale(new Request("http://x/api/settings?lang=en"))).toBe("en");
    expect(requestLocale(new Request("http://x/api/settings?lang=fr"))).toBe("it");
  });

  it("never pass zod's own English on: a check without a message key answers the localized 'not valid'", async () => {
    const schema = z.object({ email: z.string(), age: z.number().int() });
    const result = schema.safeParse({ email: 42, age: "x" });
    if (result.success) throw new Error("should fail");
    const it_ = (await validationErrorResponse(result.error, "it").json()) as { message: string; fields: Record<string, string> };
    expect(it_.fields).toEqual({ email: "Il valore inserito non è valido", age: "Il valore inserito non è valido" });
    const en = (await validationErrorResponse(result.error, "en").json()) as { message: string };
    expect(en.message).toBe("The value entered is not valid");
    expect((await apiMessage("en", "orderNotFound", { status: 404 }).json()) as unknown).toEqual({ message: "Order not found" });
  });
});
