import type { ShopSettings } from "~/modules/settings/shop-settings";
import { renderMail, type MailLine } from "~/modules/mail/mail-template.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatMoney } from "~/utils/money";
import type { OrderView } from "./order.service.server";

// The order confirmation, in the language the shopper ordered in, queued through the outbox in
// the transaction that confirms the order (a bank transfer's: the one that places it, with the
// IBAN and the reference to write on the transfer).

export function orderConfirmationMail(order: OrderView, settings: ShopSettings): OutgoingMail {
  const money = (cents: number) => formatMoney(cents, order.locale);
  const a = order.shippingAddress;
  const values = { firstName: order.firstName, number: order.number, total: money(order.totalCents) };
  const lines: MailLine[] = order.lines.map((line) => ({
    key: "order.line",
    values: { quantity: String(line.quantity), name: line.name, color: line.color, size: line.size, total: money(line.totalCents) },
  }));
  const transfer: MailLine[][] =
    order.paymentMethod === "bankTransfer"
      ? [
          [
            { key: "order.transferIntro", values: { days: String(settings.bankTransfer.holdDays) } },
            { key: "order.transferBeneficiary", values: { beneficiary: settings.bankTransfer.beneficiary } },
            { key: "order.transferIban", values: { iban: settings.bankTransfer.iban } },
            { key: "order.transferBic", values: { bic: settings.bankTransfer.bic } },
            { key: "order.transferReference", values: { number: order.number } },
          ],
        ]
      : [];
  const rendered = renderMail({
    to: order.email,
    locale: order.locale,
    subject: { key: "order.subject", values },
    paragraphs: [
      [{ key: "order.greeting", values }],
      [{ key: order.paymentMethod === "bankTransfer" ? "order.receivedBody" : "order.paidBody", values }],
      lines,
      [
        { key: "order.subtotal", values: { amount: money(order.subtotalCents) } },
        ...(order.discountCents ? [{ key: "order.discount" as const, values: { amount: money(order.discountCents) } }] : []),
        { key: "order.shipping", values: { amount: order.shippingCents ? money(order.shippingCents) : "0" } },
        { key: "order.total", values },
      ],
      [{ key: "order.shipTo", values: { address: `${a.firstName} ${a.lastName}, ${a.street} ${a.streetNumber}, ${a.zip} ${a.city} (${a.province})` } }],
      ...transfer,
      [{ key: "account.signature" }],
    ],
  });
  return { ...rendered, template: "order-confirmation", locale: order.locale };
}
