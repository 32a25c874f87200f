import { expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";

// Issue 37 item 13: every message the JSON API answers is in the request's language (docs/api.md:
// the body's `language`, else the query's `language` or `lang`, else Italian): zod's own English
// and the hand-written English ("Method not allowed", "Unknown lang: use it or en") included.

describeEachApp("API messages in the request's language", (app) => {
  const json = (path: string, body: unknown, init: RequestInit = {}) =>
    app()
      .client()
      .fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: typeof body === "string" ? body : JSON.stringify(body), ...init });
  const message = async (response: Response) => ((await response.json()) as { message: string; fields?: Record<string, string> });

  it("answers /api/newsletter's errors in Italian or English, zod's own checks too", async () => {
    // A body that is not JSON: the query's language.
    const broken = await json("/api/newsletter", "{not json");
    expect(broken.status).toBe(400);
    expect((await message(broken)).message).toBe("Il corpo della richiesta deve essere un oggetto JSON");
    expect((await message(await json("/api/newsletter?language=en", "[1]"))).message).toBe("The body must be a JSON object");

    // A field of the wrong type (zod's built-in message) and a bad address (the schema's own).
    for (const [language, invalid, email] of [
      ["it", "Il campo è obbligatorio", "La email inserita non è valida"],
      ["en", "The field is required", "The email entered is not valid"],
    ] as const) {
      const typed = await json("/api/newsletter", { email: 42, privacy: true, language });
      expect(typed.status).toBe(400);
      const answer = await message(typed);
      expect(answer.fields?.email).toBe(invalid);
      expect(answer.message).toBe(invalid);
      expect((await message(await json("/api/newsletter", { email: "not-an-address", privacy: true, language }))).fields?.email).toBe(email);
    }
    expect((await message(await json("/api/newsletter", { email: ["a@b.it"], privacy: "yes please", language: "en" }))).message).not.toMatch(/Invalid input|expected/);

    // A GET: 405 with Allow, in the query's language.
    const get = await app().client().get("/api/newsletter?language=en");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect((await message(get)).message).toBe("This method is not allowed here");
    expect((await message(await app().client().get("/api/newsletter"))).message).toBe("Metodo non consentito per questo indirizzo");
  });

  it("answers /api/settings's and /api/categories's unknown language in the request's language", async () => {
    for (const path of ["/api/settings?lang=fr", "/api/categories?lang=fr"]) {
      const italian = await app().client().get(path);
      expect(italian.status).toBe(400);
      expect((await message(italian)).message).toBe("Lingua sconosciuta: usa it oppure en");
      expect((await message(await app().client().get(`${path}&language=en`))).message).toBe("Unknown language: use it or en");
    }
    expect((await message(await app().client().get("/api/settings"))).message).toBe("Lingua sconosciuta: usa it oppure en");
  });

  it("answers the bag's, the account's and the sign-in's calls in the request's language", async () => {
    const unknown = await json("/api/cart/nothing?language=en", {});
    expect(unknown.status).toBe(404);
    expect((await message(unknown)).message).toBe("Unknown address");
    expect((await message(await json("/api/cart/nothing", {}))).message).toBe("Indirizzo sconosciuto");
    const wrongMethod = await app().client().get("/api/cart/edit");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("PATCH");
    expect((await message(wrongMethod)).message).toBe("Metodo non consentito per questo indirizzo");
    const quantity = await json("/api/cart/add", { sku: "X", quantity: "many", language: "en" });
    expect(quantity.status).toBe(400);
    expect((await message(quantity)).message).not.toMatch(/Invalid input|expected/);

    const anonymous = await app().client().get("/api/auth/autoLogin?language=en");
    expect(anonymous.status).toBe(401);
    expect((await message(anonymous)).message).toBe("Not logged in");
    expect((await message(await app().client().get("/api/auth/autoLogin"))).message).toBe("Non hai effettuato l'accesso");
    expect((await message(await json("/api/auth/nothing?language=en", {}))).message).toBe("Unknown address");
    expect((await message(await json("/api/auth/logout", {}))).message).toBe("Sei uscito dal tuo account");

    const order = await app().client().get("/api/account/orders/999999?language=en");
    expect(order.status).toBe(404);
    expect((await message(order)).message).toBe("Order not found");
    expect((await message(await app().client().get("/api/account/orders/999999"))).message).toBe("Ordine non trovato");
  });
});
