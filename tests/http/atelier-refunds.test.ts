import { expect, it } from "vitest";
import { ORIGIN, describeEachApp } from "../support/http";
import { PERSON_INVOICE, setOwnSeller } from "../support/invoice-fixtures";
import { paidOrder } from "../support/order-fixtures";
import { signInStaff } from "../support/staff";
import { validateFatturaXml } from "~/modules/invoice/fatturapa-schema.server";
import { issueInvoice } from "~/modules/invoice/invoice.service.server";
import { confirmTransfer, shipOrder } from "~/modules/order/fulfilment.service.server";
import { createSandboxProvider } from "~/modules/payment/sandbox.server";
import { formatMoney } from "~/utils/money";

// Issue 37 over HTTP, as a browser without JavaScript uses Atelier: a cancellation's page and
// the shopper's e-mail (why, what happens to the payment) and the badges after it; a refund's
// confirmation step (the first post moves no money), any amount before shipping, the cap at the
// amount's field; a bank transfer's refund "Da bonificare" until its transfer is recorded (day
// and CRO/TRN checked); a refund of an invoiced order issuing its credit note (TD04), valid
// against the schema, shown on the invoice panel and downloadable.

const provider = createSandboxProvider({ secret: "http-atelier-refunds", publicUrl: ORIGIN });
const decode = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const romeToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());

describeEachApp("Atelier refunds and cancellations", (app) => {
  const location = (response: Response) => response.headers.get("Location");
  const variant = async (offset: number) => (await app().db.selectFrom("variants").select(["id", "sku"]).where("stock", ">=", 5).orderBy("id").offset(offset).limit(1).execute())[0];
  const orderRow = (id: number) => app().db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const refundRows = (id: number) => app().db.selectFrom("refunds").selectAll().where("order_id", "=", id).orderBy("id").execute();
  const mailsOf = (id: number, template: string) => app().db.selectFrom("mail_outbox").select(["subject", "text_body as text"]).where("order_id", "=", id).where("template", "=", template).execute();

  it("cancels through its page: the shopper's e-mail says why and that nothing was charged, and the badges read 'Annullato · Nessun addebito'", async () => {
    const { client } = await signInStaff(app(), { role: "staff" });
    const v = await variant(60);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    const path = `/atelier/orders/${orderId}`;
    expect(await (await client.get(path)).text()).toContain(`href="${path}/cancel"`);
    const page = decode(await (await client.get(`${path}/cancel`)).text());
    expect(page).toContain("Nessun rimborso: l'ordine non è stato pagato.");
    expect(page).toContain('<option value="payment_not_received">Pagamento non arrivato</option>');
    // The GET changed nothing.
    expect(await orderRow(orderId)).toMatchObject({ status: "pending_payment", payment_status: "awaiting_transfer" });

    const tooLong = await client.postForm(`${path}/cancel`, { reason: "payment_not_received", message: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Fino a 500 caratteri.");
    const done = await client.postForm(`${path}/cancel`, { reason: "payment_not_received", message: "Se hai già pagato, scrivici." });
    expect(done.status).toBe(303);
    expect(location(done)).toBe(path);
    const [mail] = await mailsOf(orderId, "order-cancelled");
    expect(mail.subject).toContain("è stato annullato");
    expect(mail.text).toContain("Motivo: non abbiamo ricevuto il pagamento entro i tempi previsti.");
    expect(mail.text).toContain("Un messaggio da noi: Se hai già pagato, scrivici.");
    expect(mail.text).toContain("Non ti è stato addebitato nulla: non inviare il bonifico.");

    const after = await (await client.get(path)).text();
    // The badges (and the timeline) in words: the page's texts travel in its data too, so the element is what is looked for.
    expect(after).toContain(">Nessun addebito</span>");
    expect(after).not.toContain(">Bonifico atteso</span>");
    expect(after).not.toContain("Bonifico atteso ·");
    const list = await (await client.get(`/atelier/orders?q=${(await orderRow(orderId)).number}`)).text();
    expect(list).toContain(">Nessun addebito</span>");
    expect(list).not.toContain(">Bonifico atteso</span>");
  });

  it("shows a refund's amount, method and invoice effect before anything moves; refunds part of an unshipped order; refuses more than is left at the amount's field", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    const v = await variant(61);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 2 }] });
    const { total_cents: total } = await orderRow(orderId);
    const path = `/atelier/orders/${orderId}`;
    const orderPage = await (await client.get(path)).text();
    expect(orderPage).toContain(`action="${path}/refund"`);
    expect(orderPage).toContain('name="intent" value="preview"');

    // The first step: the confirmation page, and no money moved.
    const preview = await client.postForm(`${path}/refund`, { intent: "preview", amount: "12,50", reason: "Bottone mancante" });
    expect(preview.status).toBe(200);
    const html = decode(await preview.text());
    expect(html).toContain("Conferma il rimborso");
    expect(html).toContain(formatMoney(1_250, "it"));
    expect(html).toContain("Sul metodo di pagamento usato dal cliente, tramite il gestore dei pagamenti");
    expect(html).toContain("Nessuna fattura: nessuna nota di credito.");
    expect(html).toContain("Non ancora spedito");
    expect(html).toContain('name="intent" value="confirm"');
    expect(await refundRows(orderId)).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", refunded_cents: 0 });

    // More than is left: at the amount's field, what was typed kept, nothing moved (the preview and the confirmation alike).
    for (const intent of ["preview", "confirm"]) {
      const over = await client.postForm(`${path}/refund`, { intent, amount: euros(total + 1), reason: "Troppo" });
      expect(over.status).toBe(422);
      const overHtml = decode(await over.text());
      expect(overHtml).toContain("Più di quanto resta da rimborsare");
      expect(overHtml).toContain('id="desk-refund-amount-error"');
      expect(overHtml).toContain(`value="${euros(total + 1)}"`);
    }
    const bad = await client.postForm(`${path}/refund`, { intent: "preview", amount: "dieci", reason: "" });
    expect(bad.status).toBe(400);
    const badHtml = decode(await bad.text());
    expect(badHtml).toContain("Un importo in euro maggiore di zero");
    expect(badHtml).toContain("Da 3 a 300 caratteri.");
    // All of it before shipping is the cancellation's.
    expect(decode(await (await client.postForm(`${path}/refund`, { intent: "confirm", amount: euros(total), reason: "Tutto" })).text())).toContain("annulla l'ordine");
    expect(await refundRows(orderId)).toEqual([]);

    const confirmed = await client.postForm(`${path}/refund`, { intent: "confirm", amount: "12,50", reason: "Bottone mancante" });
    expect(confirmed.status).toBe(303);
    expect(location(confirmed)).toBe(path);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "partially_refunded", refunded_cents: 1_250 });
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ amount_cents: 1_250, status: "done", reason: "Bottone mancante" })]);
    const audit = await app().db.selectFrom("audit_log").select("action").where("entity_type", "=", "order").where("entity_id", "=", String(orderId)).execute();
    expect(audit.map((a) => a.action)).toEqual(["order.refund"]);
    const refunded = decode(await (await client.get(path)).text());
    expect(refunded).toContain("Bottone mancante");
    expect(refunded).toContain(">Eseguito</span>");
  });

  it("keeps a bank transfer's refund 'Da bonificare' until the transfer is recorded with a valid day and CRO/TRN, then 'Eseguito'", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    const v = await variant(62);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 1 }], method: "bankTransfer" });
    await confirmTransfer(app().db, orderId);
    await shipOrder(app().db, orderId, "BRT55554444");
    const path = `/atelier/orders/${orderId}`;
    const preview = decode(await (await client.postForm(`${path}/refund`, { intent: "preview", amount: "20", reason: "Sconto fedeltà" })).text());
    expect(preview).toContain("Con un bonifico che invii tu: resta «Da bonificare»");
    expect((await client.postForm(`${path}/refund`, { intent: "confirm", amount: "20", reason: "Sconto fedeltà" })).status).toBe(303);
    const [refund] = await refundRows(orderId);
    expect(refund).toMatchObject({ amount_cents: 2_000, status: "pending" });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", refunded_cents: 0 });
    const page = decode(await (await client.get(path)).text());
    expect(page).toContain(">Da bonificare</span>");
    expect(page).not.toContain(">Eseguito</span>");
    const transferPath = `${path}/refunds/${refund.id}`;
    expect(page).toContain(`href="${transferPath}"`);

    const form = decode(await (await client.get(transferPath)).text());
    expect(form).toContain("CRO o TRN");
    const wrong = await client.postForm(transferPath, { date: "2999-12-31", reference: "12" });
    expect(wrong.status).toBe(400);
    expect(decode(await wrong.text())).toContain("Una data valida, non futura e non precedente al rimborso.");
    const wrongReference = await client.postForm(transferPath, { date: romeToday(), reference: "CRO?" });
    expect(wrongReference.status).toBe(400);
    const wrongHtml = decode(await wrongReference.text());
    expect(wrongHtml).toContain("Un CRO (11 cifre) o un TRN (fino a 35 lettere e cifre).");
    expect(wrongHtml).toContain('value="CRO?"');
    expect((await refundRows(orderId))[0].status).toBe("pending");
    expect((await client.get(`${path}/refunds/99999999`)).status).toBe(404);

    const recorded = await client.postForm(transferPath, { date: romeToday(), reference: "123 456 789 01" });
    expect(recorded.status).toBe(303);
    expect(location(recorded)).toBe(path);
    expect((await refundRows(orderId))[0]).toMatchObject({ status: "done", transfer_date: romeToday(), transfer_reference: "12345678901" });
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "partially_refunded", refunded_cents: 2_000 });
    const done = decode(await (await client.get(path)).text());
    expect(done).toContain(">Eseguito</span>");
    expect(done).toContain("12345678901");
    const [mail] = await mailsOf(orderId, "refund-issued");
    expect(mail.text).toContain("12345678901");
    // Recorded once: a second post is the rule's 409 at the form.
    expect((await client.postForm(transferPath, { date: romeToday(), reference: "12345678901" })).status).toBe(409);
  });

  it("issues a credit note (TD04) for a refund of an invoiced order: said on the confirmation page, listed on the invoice panel, downloadable and valid", async () => {
    const { client } = await signInStaff(app(), { role: "owner" });
    const v = await variant(63);
    const { orderId } = await paidOrder(app().db, provider, { lines: [{ sku: v.sku, quantity: 1 }] });
    await app().db.updateTable("orders").set({ invoice: JSON.stringify(PERSON_INVOICE) }).where("id", "=", orderId).execute();
    // The demo shop's identity issues nothing (issue 37, item 1): the owner has set a real one.
    await setOwnSeller(app().db);
    const { invoice } = await issueInvoice(app().db, orderId, { actor: { kind: "cli" } });
    const path = `/atelier/orders/${orderId}`;
    const preview = decode(await (await client.postForm(`${path}/refund`, { intent: "preview", amount: "9,99", reason: "Macchia sul colletto" })).text());
    expect(preview).toContain(`Si emette una nota di credito (TD04) collegata alla fattura ${invoice.number}.`);
    expect(await app().db.selectFrom("credit_notes").select("id").where("order_id", "=", orderId).execute()).toEqual([]);

    expect((await client.postForm(`${path}/refund`, { intent: "confirm", amount: "9,99", reason: "Macchia sul colletto" })).status).toBe(303);
    const [note] = await app().db.selectFrom("credit_notes").selectAll().where("order_id", "=", orderId).execute();
    expect(note).toMatchObject({ total_cents: 999, invoice_id: expect.any(Number) });
    const number = `NC${note.year}/${String(note.number).padStart(6, "0")}`;
    const page = decode(await (await client.get(path)).text());
    expect(page).toContain(`Nota di credito n. ${number}`);
    const link = `${path}/credit-notes/${note.id}`;
    expect(page).toContain(`href="${link}"`);

    const file = await client.get(link);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="${note.file_name}"`);
    const xml = await file.text();
    expect(xml).toBe(note.xml);
    expect(await validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain("<TipoDocumento>TD04</TipoDocumento>");
    expect(xml.replace(/\s+/g, "")).toContain(`<DatiFattureCollegate><IdDocumento>${invoice.number}</IdDocumento><Data>${invoice.issueDate}</Data></DatiFattureCollegate>`);
    const audit = await app().db.selectFrom("audit_log").select("action").where("entity_type", "=", "order").where("entity_id", "=", String(orderId)).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["invoice.issue", "order.refund", "invoice.credit-note"]);

    // Nobody else gets the file; a forged id is a 404.
    expect(location(await app().client().get(link))).toMatch(/^\/atelier\/login/);
    expect((await client.get(`${path}/credit-notes/99999999`)).status).toBe(404);
    // The button for missing notes has nothing to do: a notice, no second note.
    expect((await client.postForm(`${path}/credit-notes`, {})).status).toBe(303);
    expect(await app().db.selectFrom("credit_notes").select("id").where("order_id", "=", orderId).execute()).toHaveLength(1);
  });
});
