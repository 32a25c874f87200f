import type { Locale } from "~/db/schema";
import { type MailKey, renderMail, type MailLine } from "~/modules/mail/mail-template.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { legalNotice, sellerIdentity } from "~/modules/settings/seller";
import type { ShopSettings } from "~/modules/settings/shop-settings";
import { formatRomeDateTime } from "~/utils/dates";
import { getEnv } from "~/utils/env.server";
import { INTL_LOCALE } from "~/utils/locale";
import { formatMoney } from "~/utils/money";
import { PICKUP_COLLECT_DAYS, PICKUP_TRANSFER_DAYS } from "~/modules/store/store-pickup.rules";
import { groupOpeningHours, mapSearchUrl } from "~/modules/store/store-format";
import { WEEKDAYS } from "~/modules/store/store.schema";
import { carrierByName, carrierOf, trackingUrl } from "./carriers";
import type { OrderPickup, OrderView, ReturnView } from "./order-view";

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
  // Placed to be paid by transfer: how to pay. Paid (by a provider, or the transfer arrived): thanks.
  const awaitingTransfer = order.paymentStatus === "awaiting_transfer";
  const transfer: MailLine[][] =
    awaitingTransfer
      ? [
          [
            { key: "order.transferIntro", values: { count: String(settings.bankTransfer.holdDays) } },
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
      [{ key: awaitingTransfer ? "order.receivedBody" : "order.paidBody", values }],
      lines,
      [
        { key: "order.subtotal", values: { amount: money(order.subtotalCents) } },
        ...(order.discountCents ? [{ key: "order.discount" as const, values: { amount: money(order.discountCents) } }] : []),
        // Free shipping says so, as the bag and the checkout do.
        order.shippingCents ? { key: "order.shipping", values: { amount: money(order.shippingCents) } } : { key: "order.shippingFree" },
        { key: "order.total", values },
      ],
      order.pickup
        ? [
            { key: "order.pickupAt", values: { store: order.pickup.name, address: pickupAddress(order.pickup) } },
            order.pickup.byTransfer ? { key: "order.pickupTransfer", values: { min: String(PICKUP_TRANSFER_DAYS.min), max: String(PICKUP_TRANSFER_DAYS.max) } } : { key: "order.pickupSameDay" },
          ]
        : [{ key: "order.shipTo", values: { address: `${a.firstName} ${a.lastName}, ${a.street} ${a.streetNumber}, ${a.zip} ${a.city} (${a.province})` } }],
      ...transfer,
      withdrawalParagraph(order.locale),
      [{ key: "account.signature" }],
      sellerParagraph(settings, order.locale),
    ],
  });
  return { ...rendered, template: "order-confirmation", locale: order.locale, orderId: order.id };
}

/** Who sells, as the law wants it on the order's messages: ragione sociale, sede, partita IVA, REA, PEC. */
function sellerParagraph(settings: ShopSettings, locale: Locale): MailLine[] {
  const legal = legalNotice(sellerIdentity(settings), locale);
  return [
    { key: "order.seller", values: { name: legal.name, address: legal.address, vatNumber: legal.vatNumber } },
    legal.reaNumber ? { key: "order.sellerRea", values: { reaNumber: legal.reaNumber, pec: legal.pec } } : { key: "order.sellerPec", values: { pec: legal.pec } },
  ];
}

/** Where a return goes: the seller's name and registered office. */
function returnAddress(settings: ShopSettings, locale: Locale): string {
  const legal = legalNotice(sellerIdentity(settings), locale);
  return `${legal.name}, ${legal.address}`;
}

/**
 * A page of the shop as an absolute URL for an e-mail, in the order's language. The mail is
 * rendered wherever the change happens (a request, the webhook, the owner's tool), so the shop's
 * address comes from the environment (PUBLIC_URL), as the links of a running shop do.
 */
function shopUrl(path: string, locale: Locale): string {
  return `${getEnv().PUBLIC_URL.replace(/\/$/, "")}${locale === "en" ? "/en" : ""}${path}`;
}

/** The withdrawal function's link (Directive (EU) 2023/2673): every order e-mail carries it. */
function withdrawalParagraph(locale: Locale): MailLine[] {
  const url = shopUrl(locale === "en" ? "/pages/withdrawal" : "/pages/recesso", locale);
  return [{ key: "order.withdrawalLink", values: { url }, link: url }];
}

/** The window ends at midnight: its last day is the one before. */
const lastDayBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "Europe/Rome" }).format(new Date(iso));
}

function returnLines(order: OrderView, ret: ReturnView): MailLine[] {
  return ret.lines.map((line) => {
    const ordered = order.lines.find((l) => l.id === line.orderLineId);
    return { key: "order.returnLine", values: { quantity: String(line.quantity), name: ordered?.name ?? "", color: ordered?.color ?? "", size: ordered?.size ?? "" } };
  });
}

function refundLines(order: OrderView, ret: ReturnView): MailLine[] {
  const money = (cents: number) => formatMoney(cents, order.locale);
  return [
    { key: "order.returnGoods", values: { amount: money(ret.goodsCents) } },
    { key: "order.returnFee", values: { amount: money(ret.feeCents) } },
    { key: "order.returnRefund", values: { amount: money(ret.refundCents) } },
  ];
}

/** An order's message: greeting, the paragraphs, the withdrawal link, the signature and, given the settings, who sells. */
function orderMail(order: OrderView, template: string, subject: MailKey, paragraphs: MailLine[][], settings?: ShopSettings): OutgoingMail {
  const values = { firstName: order.firstName, number: order.number };
  const rendered = renderMail({
    to: order.email,
    locale: order.locale,
    subject: { key: subject, values },
    paragraphs: [[{ key: "order.greeting", values }], ...paragraphs, withdrawalParagraph(order.locale), [{ key: "account.signature" }], ...(settings ? [sellerParagraph(settings, order.locale)] : [])],
  });
  return { ...rendered, template, locale: order.locale, orderId: order.id };
}

/** The parcel left, with the courier's tracking number and, for a courier the shop knows, a link to its tracking page. */
export function orderShippedMail(order: OrderView, settings: ShopSettings): OutgoingMail {
  const carrier = carrierOf(order.carrier) ?? carrierByName(settings.courier);
  const url = carrier && order.trackingNumber ? trackingUrl(carrier.id, order.trackingNumber) : null;
  return orderMail(order, "order-shipped", "order.shippedSubject", [
    [{ key: "order.shippedBody", values: { number: order.number, courier: carrier?.name ?? settings.courier } }],
    [{ key: "order.tracking", values: { tracking: order.trackingNumber ?? "" } }, ...(url ? [{ key: "order.trackingLink" as const, values: { url }, link: url }] : [])],
  ], settings);
}

/** Until when a return may be asked, once the pieces are the shopper's (delivered or collected). */
function returnsUntil(order: OrderView, returnsCloseAt: string | null): MailLine[][] {
  if (!returnsCloseAt) return [];
  // A guest has no order page: the withdrawal link (in every order e-mail) is the way back.
  return [[{ key: order.userId === null ? "order.deliveredReturnsGuest" : "order.deliveredReturns", values: { date: formatDate(lastDayBefore(returnsCloseAt), order.locale) } }]];
}

/** The parcel arrived: the return window's end, counted in working days. */
export function orderDeliveredMail(order: OrderView, returnsCloseAt: string | null, settings?: ShopSettings): OutgoingMail {
  return orderMail(order, "order-delivered", "order.deliveredSubject", [[{ key: "order.deliveredBody", values: { number: order.number } }], ...returnsUntil(order, returnsCloseAt)], settings);
}

/** A store's street and city line, as a letter writes them. */
function pickupAddress(store: OrderPickup): string {
  return `${store.address}, ${[store.postalCode, store.city, store.province].filter(Boolean).join(" ")}`;
}

/** The week's opening hours, days with the same hours together: "lunedì–sabato: 10:00–19:30". */
function openingHourLines(store: OrderPickup, locale: Locale): MailLine[] {
  if (!store.hours) return [];
  // 1 January 2024 was a Monday: the week's day names in the mail's language.
  const dayName = (index: number) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, 1 + index)));
  return groupOpeningHours(store.hours).map((span): MailLine => {
    const first = WEEKDAYS.indexOf(span.first);
    const last = WEEKDAYS.indexOf(span.last);
    const days = first === last ? dayName(first) : `${dayName(first)}–${dayName(last)}`;
    const hours = span.ranges.length ? span.ranges.map(([opens, closes]) => `${opens}–${closes}`).join(", ") : null;
    return hours ? { key: "order.readyHours", values: { days, hours } } : { key: "order.readyHoursClosed", values: { days } };
  });
}

/**
 * A pick-up order's pieces wait in its store: where, the opening hours, the phone, a map, and the
 * last day it is kept (PICKUP_COLLECT_DAYS from now; then it is cancelled and refunded).
 */
export function orderReadyMail(order: OrderView, store: OrderPickup, keepUntil: string, settings: ShopSettings): OutgoingMail {
  const address = pickupAddress(store);
  const map = mapSearchUrl({ address: store.address, city: store.city, province: store.province, postalCode: store.postalCode, countryCode: store.countryCode, countryName: new Intl.DisplayNames([INTL_LOCALE[order.locale]], { type: "region" }).of(store.countryCode) ?? store.countryCode });
  return orderMail(order, "order-ready", "order.readySubject", [
    [{ key: "order.readyBody", values: { number: order.number, store: store.name, address } }],
    [{ key: "order.readyHoursTitle" }, ...openingHourLines(store, order.locale)],
    [{ key: "order.readyPhone", values: { phone: store.phone } }, { key: "order.readyMap", values: { url: map }, link: map }],
    [{ key: "order.readyKeep", values: { date: formatDate(lastDayBefore(keepUntil), order.locale) } }],
  ], settings);
}

/** A pick-up order collected: thanks, and the return window's end, as a delivery's e-mail says it. */
export function orderCollectedMail(order: OrderView, returnsCloseAt: string | null, settings?: ShopSettings): OutgoingMail {
  return orderMail(order, "order-collected", "order.collectedSubject", [[{ key: "order.collectedBody", values: { number: order.number } }], ...returnsUntil(order, returnsCloseAt)], settings);
}

/** A return asked from the order page: what to send back, and what comes back. */
export function returnRequestedMail(order: OrderView, ret: ReturnView, settings: ShopSettings): OutgoingMail {
  return orderMail(order, "return-requested", "order.returnSubject", [
    [{ key: "order.returnBody", values: { number: order.number } }],
    returnLines(order, ret),
    refundLines(order, ret),
    [{ key: "order.returnHow", values: { address: returnAddress(settings, order.locale), number: order.number } }],
  ], settings);
}

/** The withdrawal's acknowledgement on a durable medium, with the date and time it arrived. */
export function withdrawalMail(order: OrderView, withdrawal: { outcome: "cancelled" | "return"; receivedAt: string; return: ReturnView | null }, settings: ShopSettings): OutgoingMail {
  const when = formatRomeDateTime(withdrawal.receivedAt, order.locale);
  const next: MailLine[][] =
    withdrawal.outcome === "cancelled"
      ? [[{ key: order.paymentStatus === "paid" || order.paymentStatus === "refunded" ? "order.withdrawalCancelledPaid" : "order.withdrawalCancelled", values: { amount: formatMoney(order.totalCents - order.refundedCents, order.locale) } }]]
      : [
          returnLines(order, withdrawal.return!),
          refundLines(order, withdrawal.return!),
          [{ key: "order.returnHow", values: { address: returnAddress(settings, order.locale), number: order.number } }],
        ];
  return orderMail(order, "withdrawal-received", "order.withdrawalSubject", [[{ key: "order.withdrawalBody", values: { number: order.number, when } }], ...next], settings);
}

export function returnReceivedMail(order: OrderView, ret: ReturnView): OutgoingMail {
  return orderMail(order, "return-received", "order.returnReceivedSubject", [[{ key: "order.returnReceivedBody", values: { number: order.number } }], returnLines(order, ret)]);
}

export function refundIssuedMail(order: OrderView, refund: { amountCents: number; return: ReturnView | null; transfer?: { date: string; reference: string } | null }): OutgoingMail {
  return orderMail(order, "refund-issued", "order.refundSubject", [
    [{ key: "order.refundBody", values: { number: order.number, amount: formatMoney(refund.amountCents, order.locale) } }],
    ...(refund.return ? [refundLines(order, refund.return)] : []),
    // A bank transfer's refund is mailed once the staff recorded the transfer: when and its reference.
    refund.transfer
      ? [{ key: "order.refundTransferSent", values: { date: formatDate(`${refund.transfer.date}T12:00:00Z`, order.locale), reference: refund.transfer.reference } }]
      : [{ key: order.paymentMethod === "bankTransfer" ? "order.refundByTransfer" : "order.refundByProvider" }],
  ]);
}

export type CancelMailReason = "customer_request" | "out_of_stock" | "payment_not_received" | "address_problem" | "not_collected" | "other";

const CANCEL_REASON_KEYS: Record<CancelMailReason, MailKey> = {
  customer_request: "order.cancelReasonCustomerRequest",
  out_of_stock: "order.cancelReasonOutOfStock",
  payment_not_received: "order.cancelReasonPaymentNotReceived",
  address_problem: "order.cancelReasonAddressProblem",
  not_collected: "order.cancelReasonNotCollected",
  other: "order.cancelReasonOther",
};

/**
 * The shop cancelled the order (Atelier): why, and what happens to the payment: nothing was
 * charged (a transfer not to send), or what comes back and how (the card's provider, or a
 * transfer the shop will send).
 */
export function orderCancelledMail(order: OrderView, cancellation: { reason: CancelMailReason; message: string | null; refundCents: number; byTransfer: boolean }): OutgoingMail {
  const amount = formatMoney(cancellation.refundCents, order.locale);
  const payment: MailLine =
    cancellation.refundCents > 0
      ? { key: cancellation.byTransfer ? "order.cancelRefundTransfer" : "order.cancelRefundProvider", values: { amount } }
      : { key: order.paymentMethod === "bankTransfer" && order.refundedCents === 0 ? "order.cancelNotChargedTransfer" : "order.cancelNotCharged" };
  return orderMail(order, "order-cancelled", "order.cancelledSubject", [
    [{ key: "order.cancelledBody", values: { number: order.number } }, { key: CANCEL_REASON_KEYS[cancellation.reason], values: { count: String(PICKUP_COLLECT_DAYS) } }],
    ...(cancellation.message ? [[{ key: "order.cancelMessage" as const, values: { message: cancellation.message } }]] : []),
    [payment],
  ]);
}
