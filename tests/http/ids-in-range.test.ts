// Ids read from a URL or a token (issue 37, item 24) on both databases: a number beyond
// PostgreSQL's integer used to reach SQL and answer 500 there (410 or 404 on SQLite). Every such
// id goes through idParam (app/utils/id-param.ts): out of range is "names nothing", the same
// answer on both databases.
import { expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { signInStaff } from "../support/staff";

const SIGNATURE = "A".repeat(43);

describeEachApp("ids beyond the integer range", (app) => {
  it("answers an unsubscribe link whose id is 2^31 with 410, to the page and to its post", async () => {
    const token = `2147483648.${SIGNATURE}`;
    const page = await app().client().get(`/newsletter/unsubscribe?token=${token}`);
    expect(page.status).toBe(410);
    const post = await app().client().postForm(`/newsletter/unsubscribe?token=${token}`, { token });
    expect(post.status).toBe(410);
    // A mail client's one-click post with the same forged link.
    const oneClick = await app().client().fetch(`/newsletter/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(410);
    for (const id of ["999999999999", "0", "-1"]) expect((await app().client().get(`/newsletter/unsubscribe?token=${id}.${SIGNATURE}`)).status).toBe(410);
  });

  it("answers Atelier's addresses and filters with an id beyond the range as naming nothing", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    for (const id of ["2147483648", "9223372036854775808", "007"]) {
      for (const path of [
        `/atelier/products/${id}`,
        `/atelier/products/${id}/variants`,
        `/atelier/products/${id}/photos`,
        `/atelier/customers/${id}`,
        `/atelier/orders/${id}`,
        `/atelier/orders/${id}/invoice`,
        `/atelier/stores/${id}`,
        `/atelier/categories/${id}`,
        `/atelier/discount-codes/${id}`,
        `/atelier/applications/${id}`,
        `/atelier/banner?edit=${id}`,
        `/atelier/banner?closure=${id}`,
        `/atelier/promotions?edit=${id}`,
      ]) {
        const answer = await client.get(path);
        expect([path, answer.status]).toEqual([path, 404]);
      }
      for (const path of [`/atelier/products/${id}/variants`, `/atelier/stores/${id}`, `/atelier/customers/${id}`]) {
        const answer = await client.postForm(path, { intent: "save" });
        expect([`POST ${path}`, answer.status]).toEqual([`POST ${path}`, 404]);
      }
      // A filter's id out of range is no filter: the page, unfiltered.
      const audit = await client.get(`/atelier/audit?staff=${id}`);
      expect([id, audit.status]).toEqual([id, 200]);
      const inbox = await client.postForm("/atelier/newsletter", { intent: "unsubscribe", id });
      expect([id, inbox.status]).toEqual([id, 404]);
    }
  });

  it("answers a shopper's order and address addresses with an id beyond the range as naming nothing", async () => {
    const shopper = app().client();
    const answer = await shopper.get("/api/account/orders/2147483648");
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).not.toBe(200);
    expect((await shopper.get("/checkout/success/2147483648")).status).toBeLessThan(500);
  });
});
