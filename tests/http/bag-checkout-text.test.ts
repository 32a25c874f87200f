import { expect, it } from "vitest";
import { shippingStepForm } from "../support/forms";
import { type HttpClient, describeEachApp } from "../support/http";
import { contentOf, tags } from "../support/markup";

// The bag and the checkout read as plain text: the server's HTML with its tags stripped and
// nothing put in their place (the DOM's textContent, a copied page, a naive text rendering). A
// label and its value must be apart by a real character ("Totale 467,00 €", never "Totale467,00 €"),
// a number printed once, and the header's bag link in words. Styles never reach this reader.

const MONEY = String.raw`\d{1,3}(?:\.\d{3})*,\d{2} €`;

describeEachApp("bag and checkout as text", (app) => {
  const sellable = async () =>
    app()
      .db.selectFrom("variants as v")
      .innerJoin("products as p", "p.id", "v.product_id")
      .select(["v.sku", "v.size", "p.garment"])
      .where("v.stock", ">=", 5)
      .where("v.price_cents", "<", 12_000)
      .orderBy("v.id")
      .limit(40)
      .execute();

  /** A shopper with two pieces of one variant (under the free-shipping threshold). */
  async function shopperWithBag(): Promise<{ shopper: HttpClient; size: string }> {
    const shopper = app().client();
    const [variant] = await sellable();
    expect((await shopper.postForm("/cart", { intent: "add", sku: variant.sku, quantity: "2", redirectTo: "/cart" })).status).toBe(303);
    return { shopper, size: variant.size };
  }

  it("the bag: totals, line terms, the stepper's number once, the shipping sentence and the header's bag link in words", async () => {
    const { shopper, size } = await shopperWithBag();
    const html = await (await shopper.get("/cart")).text();
    const text = contentOf(html);

    for (const label of ["Subtotale", "Spedizione \\(Italia\\)", "Totale"]) expect(text).toMatch(new RegExp(`${label} ${MONEY}`));
    expect(text).not.toMatch(/(?:Subtotale|Totale|Spedizione \(Italia\))\d/);
    expect(text).toMatch(new RegExp(`Taglia ${size.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} Colore \\S`));
    expect(text).toMatch(new RegExp(`Totale riga: ${MONEY}`));
    // The stepper: − and + around its number, printed once.
    expect(text).toContain("− Quantità: 2 +");
    expect(text.match(/Quantità: 2/g)).toHaveLength(1);
    expect(text).toMatch(new RegExp(`Ti mancano ${MONEY} per la spedizione gratuita\\.`));
    expect(tags(html, "progress")).toHaveLength(1);
    expect(tags(html, "progress")[0]).toMatch(/aria-labelledby="free-shipping-text"/);
    // The header's bag link: words around the badge's number, not a lone "2".
    expect(text).toContain("Carrello, 2 articoli");
    const link = /<a [^>]*data-testid="bag-link"[^>]*>[\s\S]*?<\/a>/.exec(html)![0];
    expect(contentOf(link).trim()).toBe("Carrello, 2 articoli");
    expect(link).not.toContain("aria-label");
    // Complete the look: other garment types, server-rendered cards.
    expect(text).toContain("Completa il look");
    expect(html).toMatch(/data-testid="bag-suggestions"/);

    const en = contentOf(await (await shopper.get("/en/cart")).text());
    expect(en).toMatch(/Total €\d/);
    expect(en).toContain("Bag, 2 items");
    expect(en).toContain("Complete the look");
  });

  it("the empty bag: the header says so in words and suggests what is new", async () => {
    const text = contentOf(await (await app().client().get("/cart")).text());
    expect(text).toContain("Carrello, 0 articoli");
    expect(text).toContain("Il carrello è vuoto");
    expect(text).toContain("Le novità");
  });

  it("the checkout: steps, back link, the summary's lines and totals, the payment methods, the review's total and the confirmation", async () => {
    const { shopper } = await shopperWithBag();
    expect((await shopper.postForm("/checkout/registrationLogin", { intent: "guest", email: "text-reader@example.com", firstName: "Giulia", lastName: "Rossi" })).status).toBe(303);

    const shipping = await (await shopper.get("/checkout")).text();
    const text = contentOf(shipping);
    expect(text).toContain("Carrello (completato) Dati personali (completato) Spedizione Pagamento Riepilogo");
    expect(text).toContain("← Indietro · Torna ai dati personali");
    // The summary: its disclosure line with the total, each line's quantity apart from its amount.
    expect(text).toMatch(new RegExp(`Il tuo ordine \\(2 articoli\\) Totale: ${MONEY}`));
    expect(text).toMatch(new RegExp(`Quantità: 2 Totale riga: ${MONEY}`));
    for (const label of ["Subtotale", "Spedizione", "Totale"]) expect(text).toMatch(new RegExp(`${label} ${MONEY}`));
    expect(text).not.toMatch(/(?:Subtotale|Totale|Spedizione)\d/);
    expect(shipping).toMatch(/<details class="order-summary/);
    expect(shipping).not.toMatch(/<details class="order-summary[^>]*\sopen/);

    expect((await shopper.postForm("/checkout", shippingStepForm())).status).toBe(303);
    const payment = await (await shopper.get("/checkout/payment")).text();
    // Each method its mark, drawn (decorative: the name is written beside it).
    const choices = [...payment.matchAll(/<label class="choice-card[^"]*">([\s\S]*?)<\/label>/g)].map(([, inner]) => inner);
    expect(choices.length).toBeGreaterThan(1);
    for (const choice of choices) expect(choice).toMatch(/<svg aria-hidden="true"/);
    expect(contentOf(payment)).toContain("Bonifico bancario");

    expect((await shopper.postForm("/checkout/payment", { paymentMethod: "bankTransfer" })).status).toBe(303);
    const review = await (await shopper.get("/checkout/review")).text();
    expect(contentOf(review)).toMatch(new RegExp(`Totale ${MONEY} Non chiudere`));
    const orderKey = /name="orderKey" value="([^"]+)"/.exec(review)![1];
    const total = /name="shownTotalCents" value="(\d+)"/.exec(review)![1];
    const placed = await shopper.postForm("/checkout/review", { acceptTerms: "on", orderKey, shownTotalCents: total });
    expect(placed.status).toBe(303);

    const success = await (await shopper.get(placed.headers.get("Location")!)).text();
    const done = contentOf(success);
    expect(done).toMatch(/Numero d'ordine BT\d+ Data \d+ \w+ \d{4}/);
    expect(done).toMatch(/IBAN IT\w+ BIC \w+ Causale Ordine BT\d+/);
    expect(done).toContain("Grazie, Giulia");
    // The lines' pictures: in the parcel strip and the summary.
    expect(tags(success, "img").length).toBeGreaterThanOrEqual(2);
  });
});
