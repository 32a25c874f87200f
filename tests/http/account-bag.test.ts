import { beforeAll, expect, it } from "vitest";
import { savePersonalInfo } from "~/modules/checkout/checkout.service.server";
import { registrationForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";

// The account's bag through the request handler (issue 22): two devices are two cookie jars. A
// bag filled while signed in belongs to the account, so the other device, a sign-in after a
// logout, and the download of the account's data all find its lines.
describeEachApp("the account's bag across devices", (app) => {
  const PASSWORD = "una frase lunga e sicura";
  let skus: string[];
  let nextEmail = 0;
  const newEmail = () => `borsa${++nextEmail}-${app().kind}@example.it`;
  beforeAll(async () => {
    skus = (await app().db.selectFrom("variants").select("sku").where("stock", ">", 5).orderBy("id").limit(3).execute()).map((row) => row.sku);
  });

  const register = (client: HttpClient, email: string) =>
    client.postForm("/login/register", registrationForm(email));
  const add = (client: HttpClient, sku: string, quantity = 1) => client.postForm("/cart", { intent: "add", sku, quantity: String(quantity), redirectTo: "/cart" });
  const lines = async (client: HttpClient) => {
    const { cart } = (await (await client.get("/api/cart")).json()) as { cart: { lines: { sku: string; quantity: number }[] } };
    return cart.lines.map((l) => [l.sku, l.quantity]).sort();
  };
  const logIn = (client: HttpClient, email: string) => client.postForm("/login", { email, password: PASSWORD, redirectTo: "/cart" });
  const logOut = (client: HttpClient) => client.postForm("/account", { intent: "logout" });

  it("follows the account: added on one device while signed in, found on another at sign-in, merged with its anonymous bag, and back after a logout", async () => {
    const email = newEmail();
    const laptop = app().client();
    expect((await register(laptop, email)).status).toBe(302);
    expect((await add(laptop, skus[0], 2)).status).toBe(303);
    const user = await app().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const bags = await app().db.selectFrom("bags").select("user_id").where("user_id", "=", user.id).execute();
    expect(bags).toEqual([{ user_id: user.id }]);

    // The phone filled a bag before signing in: both bags' lines are the account's afterwards.
    const phone = app().client();
    await add(phone, skus[1]);
    expect(await lines(phone)).toEqual([[skus[1], 1]]);
    expect((await logIn(phone, email)).status).toBe(302);
    const both = [
      [skus[0], 2],
      [skus[1], 1],
    ].sort();
    expect(await lines(phone)).toEqual(both);
    expect(await lines(laptop)).toEqual(both);

    // Logging out: the next anonymous visit has an empty bag; signing in again brings the lines back.
    expect((await logOut(phone)).status).toBe(302);
    expect(await lines(phone)).toEqual([]);
    await logIn(phone, email);
    expect(await lines(phone)).toEqual(both);

    // An add on one device shows on the other at once.
    await add(laptop, skus[2]);
    expect(await lines(phone)).toEqual([...both, [skus[2], 1]].sort());
  });

  it("finds a bag another device made after this one signed in", async () => {
    const email = newEmail();
    const laptop = app().client();
    await register(laptop, email);
    const phone = app().client();
    await logIn(phone, email);
    expect(await lines(phone)).toEqual([]);
    await add(laptop, skus[0]);
    // The phone's GETs find the bag by its owner and write nothing: its session row still names no bag.
    const userId = (await app().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const sessionRows = () => app().db.selectFrom("sessions").select(["id", "cart_id", "user_id", "is_guest", "guest_email"]).where("user_id", "=", userId).orderBy("id").execute();
    const before = await sessionRows();
    expect(before.filter((row) => row.cart_id === null)).toHaveLength(1);
    expect(await lines(phone)).toEqual([[skus[0], 1]]);
    expect((await phone.get("/cart")).status).toBe(200);
    expect(await sessionRows()).toEqual(before);
    await add(phone, skus[1]);
    expect(await lines(laptop)).toEqual([
      [skus[0], 1],
      [skus[1], 1],
    ].sort());
    expect(await app().db.selectFrom("bags").select("id").where("user_id", "=", (await app().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id).execute()).toHaveLength(1);

    // "Download my data" lists the bag's lines and an (empty) order history.
    const download = await phone.get("/account/export");
    expect(download.status).toBe(200);
    const data = (await download.json()) as { bag: { lines: { sku: string }[] }; orders: unknown[] };
    expect(data.bag.lines.map((l) => l.sku).sort()).toEqual([skus[0], skus[1]].sort());
    expect(data.orders).toEqual([]);
  });

  it("gives a session that continues as a guest a copy of the account's lines, never the account's bag or checkout", async () => {
    const email = newEmail();
    const laptop = app().client();
    await register(laptop, email);
    await add(laptop, skus[0]);
    const { db } = app();
    const userId = (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    const accountBag = await db.selectFrom("bags").select("id").where("user_id", "=", userId).executeTakeFirstOrThrow();
    await savePersonalInfo(db, accountBag.id, { email, firstName: "Giulia", lastName: "Verdi" });

    const guest = await laptop.postForm("/checkout/registrationLogin", { intent: "guest", email: "ospite-copia@example.it", firstName: "Ospite", lastName: "Nuovo" });
    expect(guest.status).toBe(303);
    const session = await db.selectFrom("sessions").select(["cart_id", "user_id", "is_guest"]).where("guest_email", "=", "ospite-copia@example.it").executeTakeFirstOrThrow();
    expect(session).toMatchObject({ user_id: null, is_guest: 1 });
    expect(session.cart_id).not.toBe(accountBag.id);
    expect(await lines(laptop)).toEqual([[skus[0], 1]]);
    // The guest's name and address went into the guest's own checkout; the account's is as it was.
    const checkouts = await db.selectFrom("checkouts").select(["bag_id", "email", "first_name"]).where("bag_id", "in", [accountBag.id, session.cart_id!]).orderBy("bag_id").execute();
    expect(checkouts).toEqual(
      [
        { bag_id: accountBag.id, email, first_name: "Giulia" },
        { bag_id: session.cart_id, email: "ospite-copia@example.it", first_name: "Ospite" },
      ].sort((a, b) => a.bag_id! - b.bag_id!),
    );
    // The guest's adds stay out of the account's bag.
    await add(laptop, skus[1]);
    expect(await lines(laptop)).toEqual([[skus[0], 1], [skus[1], 1]].sort());
    const accountLines = await db.selectFrom("bag_lines").select("quantity").where("bag_id", "=", accountBag.id).execute();
    expect(accountLines).toEqual([{ quantity: 1 }]);
  });
});
