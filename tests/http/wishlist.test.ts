import { beforeAll, expect, it } from "vitest";
import { alertsToken } from "~/modules/wishlist/wishlist.service.server";
import { registrationForm } from "../support/forms";
import { type HttpClient, ORIGIN, describeEachApp } from "../support/http";

// The wishlist through the request handler (issue 41), as a shopper without JavaScript uses it:
// the hearts are form posts that come back to the page, the list is a page in each language, the
// pieces saved before signing in join the account's list, which every device of the account sees.
describeEachApp("the wishlist", (app) => {
  let pieces: { id: number; slug: string; sku: string; enSlug: string }[];
  let nextEmail = 0;
  const newEmail = () => `cuore${++nextEmail}-${app().kind}@example.it`;
  beforeAll(async () => {
    const rows = await app()
      .db.selectFrom("products as p")
      .innerJoin("product_translations as it", (join) => join.onRef("it.product_id", "=", "p.id").on("it.locale", "=", "it"))
      .innerJoin("product_translations as en", (join) => join.onRef("en.product_id", "=", "p.id").on("en.locale", "=", "en"))
      .select(["p.id", "it.slug", "en.slug as enSlug"])
      .where("p.status", "=", "published")
      .orderBy("p.id")
      .limit(3)
      .execute();
    pieces = [];
    for (const row of rows) {
      const variant = await app().db.selectFrom("variants").select("sku").where("product_id", "=", row.id).where("stock", ">", 3).orderBy("id").executeTakeFirstOrThrow();
      pieces.push({ ...row, sku: variant.sku });
    }
  });

  const heart = (client: HttpClient, intent: "add" | "remove", piece: { id: number; slug: string }, extra: Record<string, string> = {}) =>
    client.postForm("/preferiti", {
      intent,
      productId: String(piece.id),
      redirectTo: `/products/${piece.slug}`,
      ...extra,
    });
  const listed = async (client: HttpClient, language = "it") => {
    const response = await client.get(`/api/wishlist?language=${language}`);
    expect(response.status).toBe(200);
    const { wishlist } = (await response.json()) as {
      wishlist: {
        product: { id: number; name: string };
        savedSize: string | null;
      }[];
    };
    return wishlist;
  };

  it("saves a piece for a guest with a form post that comes back to the page, hearts it there, counts it in the header and lists it in both languages", async () => {
    const guest = app().client();
    const saved = await heart(guest, "add", pieces[0]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/products/${pieces[0].slug}`);
    const page = await (await guest.get(`/products/${pieces[0].slug}`)).text();
    expect(page).toContain(">Aggiunto ai preferiti.<");
    expect(page).toMatch(/data-testid="wishlist-heart" data-saved="true"/);
    expect(page).toContain("Preferiti, 1 capo");

    const list = await guest.get("/preferiti");
    expect(list.status).toBe(200);
    expect(list.headers.get("Cache-Control")).toContain("private");
    const html = await list.text();
    expect(html).toContain('data-testid="wishlist-item"');
    expect(html).toContain('name="robots" content="noindex');
    const english = await (await guest.get("/en/wishlist")).text();
    expect(english).toContain(`/en/products/${pieces[0].enSlug}`);
    expect(english).toContain("Wishlist, 1 piece");

    // A second press removes it.
    expect((await heart(guest, "remove", pieces[0])).status).toBe(303);
    expect(await listed(guest)).toEqual([]);
  });

  it("merges a guest's pieces into the account at sign-in, and the account's list follows it to a second device", async () => {
    const email = newEmail();
    const laptop = app().client();
    expect((await laptop.postForm("/login/register", registrationForm(email))).status).toBe(302);
    await heart(laptop, "add", pieces[1]);

    const phone = app().client();
    await heart(phone, "add", pieces[0], { sku: pieces[0].sku });
    await heart(phone, "add", pieces[1]);
    expect(
      (
        await phone.postForm("/login", {
          email,
          password: registrationForm(email).password,
          redirectTo: "/preferiti",
        })
      ).status,
    ).toBe(302);
    const ids = (list: { product: { id: number } }[]) => list.map((entry) => entry.product.id).sort((a, b) => a - b);
    expect(ids(await listed(phone))).toEqual([pieces[0].id, pieces[1].id].sort((a, b) => a - b));
    expect(ids(await listed(laptop))).toEqual(ids(await listed(phone)));
    expect((await listed(laptop)).find((entry) => entry.product.id === pieces[0].id)?.savedSize).not.toBeNull();

    // Logged out, the phone is a new shopper with an empty list; the account keeps its own.
    expect((await phone.postForm("/account", { intent: "logout" })).status).toBe(302);
    expect(await listed(phone)).toEqual([]);
    expect(await listed(laptop)).toHaveLength(2);

    // The account's data export carries it.
    const exported = (await (await laptop.get("/account/export")).json()) as { wishlist: { priceDropEmails: boolean; pieces: unknown[] } };
    expect(exported.wishlist).toEqual({ priceDropEmails: false, pieces: [expect.anything(), expect.anything()] });
  });

  it("answers bad input with a notice back on the page, or a 400 at the form, and never saves a piece not on show", async () => {
    const guest = app().client();
    const forged = await guest.postForm("/preferiti", {
      intent: "add",
      productId: "abc",
      redirectTo: "/",
    });
    expect(forged.status).toBe(303);
    expect(await (await guest.get("/")).text()).toContain(">Prodotto non disponibile<");
    expect(
      (
        await guest.postForm("/preferiti", {
          intent: "add",
          productId: "999999999",
        })
      ).status,
    ).toBe(404);
    expect((await guest.postForm("/preferiti", { intent: "dance", productId: "1" })).status).toBe(400);
    expect(
      (
        await guest.postForm("/preferiti", {
          intent: "add",
          productId: String(pieces[0].id),
          sku: "NOT-A-SKU",
        })
      ).status,
    ).toBe(404);
    // An outside address is not followed back.
    const outside = await guest.postForm("/preferiti", {
      intent: "add",
      productId: String(pieces[2].id),
      redirectTo: "https://evil.example/",
    });
    expect(outside.headers.get("Location")).not.toContain("evil");
  });

  it("is the same list through /api/wishlist, with the error table's statuses", async () => {
    const client = app().client();
    const post = (operation: string, body: unknown) =>
      client.fetch(`/api/wishlist/${operation}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify(body),
      });
    const added = await post("add", {
      productId: pieces[2].id,
      language: "en",
    });
    expect(added.status).toBe(200);
    const answer = (await added.json()) as {
      wishlist: { product: { id: number } }[];
      message: string;
    };
    expect(answer.wishlist.map((entry) => entry.product.id)).toEqual([pieces[2].id]);
    expect(answer.message).toBe("Added to your wishlist.");
    expect((await post("add", { productId: "x" })).status).toBe(400);
    expect((await post("add", { productId: 999_999_999 })).status).toBe(404);
    expect((await post("nothing", {})).status).toBe(404);
    expect((await client.get("/api/wishlist/add")).status).toBe(405);
    expect((await post("remove", { productId: pieces[2].id })).status).toBe(200);
    expect(await listed(client)).toEqual([]);
  });

  it("lets an account holder switch the price-drop e-mails on and off on the page, refuses them to a guest, and stops them from the e-mail's link", async () => {
    const email = newEmail();
    const holder = app().client();
    await holder.postForm("/login/register", registrationForm(email));
    const userId = (await app().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    expect(await (await holder.get("/preferiti")).text()).toMatch(/data-testid="wishlist-alerts"[\s\S]*>Avvisami via e-mail<\/button>/);
    const on = await holder.postForm("/preferiti", { intent: "alerts", alerts: "on", redirectTo: "/preferiti" });
    expect(on.status).toBe(303);
    const page = await (await holder.get("/preferiti")).text();
    expect(page).toContain(">Ti avviseremo quando un capo dei preferiti scende di prezzo.<");
    expect(page).toContain(">Non avvisarmi più</button>");
    expect(page).toContain(`Ti scriviamo a ${email}`);

    // A guest has no address to write to: a notice back on the page, or the error table's 403.
    const guest = app().client();
    expect(await (await guest.get("/preferiti")).text()).not.toContain('data-testid="wishlist-alerts"');
    expect((await guest.postForm("/preferiti", { intent: "alerts", alerts: "on", redirectTo: "/preferiti" })).status).toBe(303);
    expect(await (await guest.get("/preferiti")).text()).toContain(">Accedi per ricevere un&#x27;e-mail");
    expect((await guest.postForm("/preferiti", { intent: "alerts", alerts: "on" })).status).toBe(403);
    expect((await guest.postForm("/preferiti", { intent: "alerts", alerts: "maybe" })).status).toBe(400);

    // The e-mail's link, opened anywhere: the GET writes nothing, the button stops them.
    const link = `/preferiti/avvisi?token=${alertsToken(userId)}`;
    const landing = await guest.get(link);
    expect(landing.status).toBe(200);
    expect(landing.headers.get("Cache-Control")).toContain("private");
    expect(await landing.text()).toMatch(/>Non avvisarmi più<\/button>/);
    expect((await guest.postForm("/preferiti/avvisi", { token: alertsToken(userId) })).status).toBe(303);
    expect(await (await guest.get(link)).text()).toContain(">Gli avvisi di ribasso sono già disattivati.<");
    expect(await (await holder.get("/preferiti")).text()).toMatch(/>Avvisami via e-mail<\/button>/);
    expect((await guest.get(`/en/wishlist/alerts?token=${alertsToken(userId)}`)).status).toBe(200);
    // A forged or cut link is gone.
    expect((await guest.get("/preferiti/avvisi?token=1.abc")).status).toBe(410);
    expect((await guest.postForm("/preferiti/avvisi", { token: `${userId}.${"x".repeat(43)}` })).status).toBe(410);
  });
});
