import { expect, it } from "vitest";
import { registrationForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";

// Accounts through the request handler: the /login pages' forms without JavaScript, the
// redirect rules of spec §2, the session cookie's life, and the /api/auth JSON calls.
describeEachApp("accounts", (app) => {
  const PASSWORD = "una frase lunga e sicura";
  let nextEmail = 0;
  const newEmail = () => `cliente${++nextEmail}-${app().kind}@example.it`;
  const registration = registrationForm;
  const json = (client: HttpClient, path: string, body: unknown, method = "POST") =>
    client.fetch(path, { method, headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify(body) });
  const errorsOf = (html: string) => [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1].replace(/&#x27;/g, "'"));

  it("sends an anonymous visitor from any /account page to /login, storing the page as the target, and registers into it", async () => {
    const shopper = app().client();
    const asked = await shopper.get("/account/orders");
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/login");
    expect(shopper.cookies.has("__login_redirect")).toBe(true);
    expect(shopper.cookies.has("__session")).toBe(false);
    expect((await shopper.get("/en/account")).headers.get("Location")).toBe("/en/login");

    const register = await shopper.get("/login/register");
    expect(register.status).toBe(200);
    expect(register.headers.get("Cache-Control")).toBe("private, no-store");
    const email = newEmail();
    const done = await shopper.postForm("/login/register", registration(email));
    expect(done.status).toBe(302);
    // The last stored target was /en/account: the one asked for last.
    expect(done.headers.get("Location")).toBe("/en/account");
    expect(shopper.cookies.has("__login_redirect")).toBe(false);
    const account = await (await shopper.get("/account")).text();
    expect(account).toContain("Benvenuto in Bottega! Il tuo account è pronto.");
    expect(account).toMatch(/class="avatar"[^>]*>G</);
    expect(account).toContain(email);
    const mail = await app().db.selectFrom("mail_outbox").select(["template", "subject"]).where("recipient", "=", email).executeTakeFirst();
    expect(mail).toEqual({ template: "welcome", subject: "Benvenuto in Bottega, Giulia" });
  });

  it("answers a bad registration with every message next to its field, the input kept and the passwords never sent back", async () => {
    const shopper = app().client();
    const answer = await shopper.postForm("/login/register", {
      firstName: "Al3",
      lastName: "",
      email: "non-una-email",
      password: "corta",
      confirmPassword: "diversa",
      birthDay: "123",
      birthMonth: "4",
      birthYear: "1990",
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(errorsOf(html)).toEqual(
      expect.arrayContaining([
        "Usa solo lettere, spazi, apostrofi, trattini e punti",
        "Il campo è obbligatorio",
        "La email inserita non è valida",
        "La password inserita non è valida",
        "Le 2 password non coincidono",
        "Devi inserire massimo 2 numeri",
        "È necessario accettare la privacy",
      ]),
    );
    expect(html).toContain('value="non-una-email"');
    expect(html).not.toContain("corta");
    expect(html).not.toContain("diversa");

    const taken = await app().client().postForm("/login/register", registration(newEmail()));
    expect(taken.status).toBe(302);
  });

  it("refuses an address already registered (any case) next to the email field", async () => {
    const email = newEmail();
    await app().client().postForm("/login/register", registration(email));
    const again = await app().client().postForm("/en/login/register", registration(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("An account with this email already exists.");
  });

  it("logs in with one generic error, rotates the session id, and keeps only local redirect targets", async () => {
    const email = newEmail();
    await app().client().postForm("/login/register", registration(email));
    const shopper = app().client();
    await shopper.postForm("/cart", { intent: "add", sku: (await app().db.selectFrom("variants").select("sku").where("stock", ">", 2).executeTakeFirstOrThrow()).sku, quantity: "1", redirectTo: "/cart" });
    const anonymousCookie = shopper.cookies.get("__session");

    const wrong = await shopper.postForm("/login", { email, password: "sbagliata" });
    expect(wrong.status).toBe(401);
    const unknown = await shopper.postForm("/login", { email: "nessuno@example.it", password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toContain("Email o password non corrette.");
    expect(await unknown.text()).toContain("Email o password non corrette.");

    for (const evil of ["//evil.com", "https://evil.com", "/\\evil.com"]) {
      const client = app().client();
      const answer = await client.postForm("/login", { email, password: PASSWORD, redirectTo: evil });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/");
    }
    const right = await shopper.postForm("/login", { email, password: PASSWORD, redirectTo: "/cart" });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/cart");
    expect(shopper.cookies.get("__session")).not.toBe(anonymousCookie);
    // The bag came along.
    expect((await (await shopper.get("/api/cart")).json()).cart.lines).toHaveLength(1);
  });

  it("applies the redirect rules of a signed-in account holder: /login, registrationLogin and / go to the stored target", async () => {
    const shopper = app().client();
    await shopper.postForm("/login/register", registration(newEmail()));
    expect((await shopper.get("/login")).headers.get("Location")).toBe("/");
    expect((await shopper.get("/en/login/register")).headers.get("Location")).toBe("/en");
    expect((await shopper.get("/checkout/registrationLogin")).headers.get("Location")).toBe("/");
    expect((await shopper.get("/")).status).toBe(200);

    // A stored target (an /account page asked for before, say in another tab) wins, once.
    await shopper.get("/account/orders");
    const stored = app().client();
    const cookie = await (async () => {
      await stored.get("/account/orders");
      return stored.cookies.get("__login_redirect")!;
    })();
    shopper.cookies.set("__login_redirect", cookie);
    const home = await shopper.get("/");
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/account/orders");
    expect((await shopper.get("/")).status).toBe(200);
  });

  it("sends a visitor who asked for an /account page back there after the login form (without JavaScript)", async () => {
    const email = newEmail();
    await app().client().postForm("/login/register", registration(email));
    const shopper = app().client();
    const asked = await shopper.get("/account/orders");
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/login");
    // The login page's own form, posted as a browser without JavaScript posts it: its hidden
    // fields (none carries the target: the cookie does) with the email and the password.
    const page = await (await shopper.get("/login")).text();
    const form = /<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1] ?? "";
    expect(form).toContain('name="password"');
    const hidden = [...form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)].map((m) => [/name="([^"]*)"/.exec(m[0])![1], /value="([^"]*)"/.exec(m[0])?.[1] ?? ""] as [string, string]);
    const answer = await shopper.postForm("/login", [...hidden, ["email", email], ["password", PASSWORD]]);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/account/orders");
    const orders = await shopper.get("/account/orders");
    expect(orders.status).toBe(200);
    expect(await orders.text()).toContain("Non hai ancora effettuato ordini.");
    // Signed in, /login and the checkout's sign-in step lead home.
    expect((await shopper.get("/login")).headers.get("Location")).toBe("/");
    expect((await shopper.get("/checkout/registrationLogin")).headers.get("Location")).toBe("/");
  });

  it("logout deletes the session: a copy of the old cookie opens nothing", async () => {
    const shopper = app().client();
    await shopper.postForm("/login/register", registration(newEmail()));
    const copy = app().client();
    copy.cookies.set("__session", shopper.cookies.get("__session")!);
    expect((await copy.get("/account")).status).toBe(200);

    const out = await shopper.postForm("/account", { intent: "logout" });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect((await copy.get("/account")).headers.get("Location")).toBe("/login");
    expect(await (await shopper.get("/")).text()).toContain("Sei uscito dal tuo account.");
  });

  it("answers the 11th login try of a minute from one client with 429 and a localized message", async () => {
    const shopper = app().client();
    // The limiter counts in fixed one-minute windows: should a window end during the tries, the
    // count starts again, so try until the answer is 429 (at most two windows' worth).
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 22 && !limited; i++) {
      const answer = await shopper.postForm("/en/login", { email: `tentativo${i}@example.it`, password: "x" });
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
    expect(statuses.length).toBeGreaterThanOrEqual(11);
    expect(limited!.status).toBe(429);
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited!.text()).toContain("Too many attempts");
    // Ten failed logins are ten password hashes: on a busy 2-core machine that alone can take 10 s or more.
  }, 90_000);

  it("resets a lost password with the e-mailed link, once, and ends the old sessions", async () => {
    const email = newEmail();
    const owner = app().client();
    await owner.postForm("/login/register", registration(email));
    const visitor = app().client();
    const same = async (address: string) => {
      const answer = await visitor.postForm("/login/lost-password", { email: address });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/login/lost-password");
      return (await (await visitor.get("/login/lost-password")).text()).includes("Se l&#x27;indirizzo corrisponde a un account");
    };
    expect(await same("nessuno-qui@example.it")).toBe(true);
    expect(await same(email)).toBe(true);
    const mail = await app().db.selectFrom("mail_outbox").select("text_body").where("recipient", "=", email).where("template", "=", "password-reset").executeTakeFirstOrThrow();
    const link = /http:\/\/localhost:3000(\/login\/reset\?token=[\w-]+)/.exec(mail.text_body)![1];

    const page = await visitor.get(link);
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const token = new URL(link, ORIGIN).searchParams.get("token")!;
    const reset = await visitor.postForm("/login/reset", { token, password: "nuova frase segreta", confirmPassword: "nuova frase segreta" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login");
    expect((await owner.get("/account")).headers.get("Location")).toBe("/login");
    expect(await (await visitor.get(link)).text()).toContain("non è valido o è scaduto");
    expect((await visitor.postForm("/login", { email, password: "nuova frase segreta" })).status).toBe(302);
  });

  it("serves the /api/auth calls of spec §7 on the same session", async () => {
    const shopper = app().client();
    expect((await shopper.get("/api/auth/autoLogin")).status).toBe(401);
    const email = newEmail();
    const registered = await json(shopper, "/api/auth/register", { ...registration(email), privacy: true, birthYear: 1991, language: "en" });
    expect(registered.status).toBe(200);
    expect(await registered.json()).toEqual({ message: "Welcome to Bottega! Your account is ready.", redirect: "/en" });
    const me = await shopper.get("/api/auth/autoLogin");
    expect(await me.json()).toMatchObject({ user: { email, firstName: "Giulia", guest: false } });
    expect((await json(shopper, "/api/auth/logout", {})).status).toBe(200);
    expect((await shopper.get("/api/auth/autoLogin")).status).toBe(401);

    const wrong = await json(shopper, "/api/auth/login", { email, password: "sbagliata", language: "en" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Wrong email or password." });
    const login = await json(shopper, "/api/auth/login", { email, password: PASSWORD, redirectTo: "/cart" });
    expect(await login.json()).toEqual({ token: true, redirect: "/cart" });
    expect((await shopper.get("/api/auth/autoLogin")).status).toBe(200);

    const lost = await json(shopper, "/api/auth/lost-password", { email: "nessuno@example.it" });
    expect((await lost.json()).message).toContain("Se l'indirizzo corrisponde a un account");
    const badReset = await json(shopper, "/api/auth/reset", { token: "x".repeat(43), password: "nuova frase lunga", confirmPassword: "nuova frase lunga" });
    expect(badReset.status).toBe(410);
    const invalid = await json(shopper, "/api/auth/register", { email: "x" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fields.email).toBe("La email inserita non è valida");
    expect((await shopper.get("/api/auth/login")).status).toBe(405);
    expect((await json(shopper, "/api/auth/nope", {})).status).toBe(404);
    expect((await shopper.fetch("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: "[1" })).status).toBe(400);
  });

  it("keeps an address book without JavaScript: add (with the spec's messages), edit, make default, delete", async () => {
    const shopper = app().client();
    await shopper.postForm("/login/register", registration(newEmail()));
    expect(await (await shopper.get("/account/addresses")).text()).toContain("Nessun indirizzo salvato nell&#x27;account");
    const address = { intent: "save", firstName: "Giulia", lastName: "Verdi", street: "Via della Spiga", streetNumber: "12", city: "Milano", province: "MI", country: "IT", zip: "20121", phonePrefix: "+39", phone: "333 1234567" };

    const bad = await shopper.postForm("/account/addresses", { ...address, streetNumber: "", phone: "", country: "EU", zip: "123" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(errorsOf(html)).toEqual(expect.arrayContaining(["Il numero civico è obbligatorio!", "Il numero di telefono è obbligatorio", "Seleziona un paese tra quelli disponibili", "Il CAP deve avere 5 cifre"]));
    expect(html).toContain('value="Via della Spiga"');

    expect((await shopper.postForm("/account/addresses", address)).headers.get("Location")).toBe("/account/addresses");
    expect((await shopper.postForm("/account/addresses", { ...address, street: "Corso Venezia" })).status).toBe(302);
    const rows = await app().db.selectFrom("addresses").select(["id", "street", "is_default"]).orderBy("id", "desc").limit(2).execute();
    const [office, home] = rows;
    expect(home.is_default).toBe(1);
    const edit = await shopper.get(`/account/addresses?edit=${office.id}`);
    expect(await edit.text()).toContain('value="Corso Venezia"');
    expect((await shopper.postForm(`/account/addresses?edit=${office.id}`, { ...address, id: String(office.id), street: "Corso Como" })).status).toBe(302);
    expect((await shopper.postForm("/account/addresses", { intent: "default", id: String(office.id) })).status).toBe(302);
    expect((await shopper.postForm("/account/addresses", { intent: "delete", id: String(home.id) })).status).toBe(302);
    const left = await app().db.selectFrom("addresses").select(["street", "is_default"]).where("id", "in", [home.id, office.id]).execute();
    expect(left).toEqual([{ street: "Corso Como", is_default: 1 }]);

    // Someone else's address: not found, nothing changed.
    const stranger = app().client();
    await stranger.postForm("/login/register", registration(newEmail()));
    expect((await stranger.postForm("/account/addresses", { intent: "delete", id: String(office.id) })).status).toBe(404);
    expect((await stranger.postForm("/account/addresses", { ...address, id: String(office.id) })).status).toBe(404);
    expect((await stranger.postForm("/account/addresses", { intent: "delete", id: "abc" })).status).toBe(400);
  });

  it("downloads the account's data as JSON, and deletes the account with its password", async () => {
    const email = newEmail();
    const shopper = app().client();
    await shopper.postForm("/login/register", registration(email));
    const file = await shopper.get("/account/export");
    expect(file.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="bottega-dati-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(await file.json()).toMatchObject({ profile: { email, firstName: "Giulia" }, addresses: [], orders: [] });
    expect((await app().client().get("/account/export")).headers.get("Location")).toBe("/login");

    const wrong = await shopper.postForm("/account", { intent: "delete", password: "sbagliata" });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("La password attuale non è corretta.");
    const deleted = await shopper.postForm("/account", { intent: "delete", password: PASSWORD });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/");
    expect(await (await shopper.get("/")).text()).toContain("Il tuo account è stato eliminato.");
    expect((await shopper.get("/account")).headers.get("Location")).toBe("/login");
    expect(await app().db.selectFrom("users").select("id").where("email_key", "=", email).executeTakeFirst()).toBeUndefined();
  });

  it("never answers 500 to forged account forms", async () => {
    const shopper = app().client();
    const bodies: Record<string, string>[] = [
      {},
      { email: "a".repeat(5000), password: "p".repeat(5000) },
      { ...registration(newEmail()), gender: "altro", interests: "tutti", birthYear: "abcd" },
      { ...registration(newEmail()), birthDay: "0", birthMonth: "0" },
      { ...registration(newEmail()), firstName: "\u0000\u0001" },
    ];
    for (const path of ["/login", "/login/register", "/login/lost-password", "/login/reset"]) {
      for (const body of bodies) {
        const status = (await shopper.postForm(path, body)).status;
        expect(status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
      }
    }
    expect((await shopper.postForm("/account", { intent: "profile" })).status).toBe(302);
    await shopper.postForm("/login/register", registration(newEmail()));
    const forged: Record<string, string>[] = [{}, { intent: "save" }, { intent: "save", id: "-1", province: "ZZ", phonePrefix: "+999" }, { intent: "default", id: "99999999999" }, { intent: "nope" }];
    for (const body of forged) {
      expect((await shopper.postForm("/account/addresses", body)).status, JSON.stringify(body)).toBeLessThan(500);
    }
    const forgedAccount: Record<string, string>[] = [{ intent: "delete" }, { intent: "password", currentPassword: "x".repeat(300) }, { intent: "profile", email: "x" }];
    for (const body of forgedAccount) {
      expect((await shopper.postForm("/account", body)).status, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it("social login without a configured provider: a forged button post goes back to the login page with a notice, a JSON call gets 404, a stray callback goes to /login", async () => {
    const shopper = app().client();
    const posted = await shopper.postForm("/api/auth/socialLogin", { provider: "google", language: "en", redirectTo: "https://evil.example/" });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toBe("/en/login");
    expect(await (await shopper.get("/en/login")).text()).toContain("This sign-in method is not available.");
    const called = await json(shopper, "/api/auth/socialLogin", { provider: "google" });
    expect(called.status).toBe(404);
    expect(await called.json()).toEqual({ message: "Questo metodo di accesso non è disponibile." });
    for (const query of ["", "?code=x&state=y", "?error=access_denied&state=" + "z".repeat(5000)]) {
      const back = await shopper.get(`/api/auth/socialLogin/callback${query}`);
      expect(back.status, query.slice(0, 40)).toBe(303);
      // The notice in the address (a GET writes nothing to the session: issue 37, item 25).
      expect(back.headers.get("Location")).toBe("/login?notice=social-expired");
    }
    expect(await (await shopper.get("/login?notice=social-expired")).text()).toContain("L&#x27;accesso è stato annullato o è scaduto.");
  });
});
