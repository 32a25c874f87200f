import os from "node:os";
import path from "node:path";
import { type Page, expect } from "@playwright/test";
import Database from "better-sqlite3";
import { BASE_URL, PORT } from "./e2e-env";
import { shippingStepForm } from "../support/forms";

// Orders for Atelier's walks, placed through the shop's own forms (a guest, bank transfer) in
// their own cookie jar, and sizes in stock read from the e2e server's database.

const DB_FILE = path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`);

const ADDRESS = shippingStepForm({ "shipping.firstName": "Chiara", "shipping.lastName": "Verdi" });

/** Two sizes in stock, straight from the e2e server's database. */
export function skusInStock(offset: number): string[] {
  const db = new Database(DB_FILE, { readonly: true });
  try {
    return (db.prepare("select sku from variants where stock >= 5 order by id limit 2 offset ?").all(offset) as { sku: string }[]).map((r) => r.sku);
  } finally {
    db.close();
  }
}

/** A guest's order of two lines paid by bank transfer, through the shop's forms (in its own cookie jar). */
export async function transferOrder(page: Page, email: string, skus: string[]): Promise<string> {
  const context = await page.context().browser()!.newContext();
  const request = context.request;
  const post = (url: string, form: Record<string, string>) => request.post(`${BASE_URL}${url}`, { headers: { Origin: BASE_URL }, form, maxRedirects: 0 });
  for (const sku of skus) expect((await post("/cart", { intent: "add", sku, quantity: "1", redirectTo: "/cart" })).status()).toBe(303);
  expect((await post("/checkout/registrationLogin", { intent: "guest", email, firstName: "Chiara", lastName: "Verdi" })).status()).toBe(303);
  expect((await post("/checkout", ADDRESS)).status()).toBe(303);
  expect((await post("/checkout/payment", { paymentMethod: "bankTransfer" })).status()).toBe(303);
  const review = await (await request.get(`${BASE_URL}/checkout/review`)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(review)![1];
  const placed = await post("/checkout/review", { acceptTerms: "on", orderKey: field("orderKey"), shownTotalCents: field("shownTotalCents") });
  expect(placed.status()).toBe(303);
  const html = await (await request.get(new URL(placed.headers().location, BASE_URL).href)).text();
  await context.close();
  return /data-testid="order-number">(BT\d{9})</.exec(html)![1];
}

