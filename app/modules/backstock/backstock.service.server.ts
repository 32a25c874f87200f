import type { Kysely, Transaction } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { productUrl } from "~/modules/base/page-urls";
import { isShownToShoppers } from "~/modules/catalog/product-status";
import { DomainError } from "~/utils/domain-error";
import { renderMail } from "~/modules/mail/mail-template.server";
import { enqueueMail, type OutgoingMail } from "~/modules/mail/outbox.server";
import { log } from "~/utils/log.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { BackInStockInput } from "./backstock.schema";
import {
  deleteRequestsByEmail,
  findAlertProduct,
  findVariantBySku,
  insertRequest,
  listPendingRequests,
  listRequestsByEmail,
  markNotified,
} from "./backstock.repository.server";

/** Requests allowed per client address: a shopper asks for a few sizes, a script for hundreds. */
export const BACK_IN_STOCK_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

/**
 * Records that a shopper wants one e-mail when a sold-out variant is back. Asking again is not
 * an error: the first request stays, with its language and consent time. Throws RATE_LIMITED,
 * PRODUCT_UNAVAILABLE (no such SKU) or ALREADY_IN_STOCK.
 */
export async function requestBackInStock(
  db: Kysely<Database>,
  input: Pick<BackInStockInput, "sku" | "email" | "language"> & { locale: Locale; clientIp: string; honeypot?: string | null },
  now = new Date(),
): Promise<void> {
  await enforceRateLimit(db, "backstock", input.clientIp, BACK_IN_STOCK_RATE_LIMIT, now);
  // A filled honeypot is a bot: answer as if it worked, store nothing.
  if (input.honeypot) return;
  const variant = await findVariantBySku(db, input.sku);
  if (!variant) throw new DomainError("PRODUCT_UNAVAILABLE", `no variant has the SKU ${input.sku}`);
  if (variant.stock > 0) throw new DomainError("ALREADY_IN_STOCK", `${input.sku} is in stock`);
  await insertRequest(db, {
    variantId: variant.id,
    email: input.email.toLowerCase(),
    locale: input.language ?? input.locale,
    at: now.toISOString(),
  });
}

/**
 * Queues one e-mail to every shopper waiting for a variant that is back in stock, in the
 * transaction that restocked it, and returns how many were queued. Each request is marked
 * notified in the same transaction as its mail: both happen or neither, and of two concurrent
 * restocks only the one that marks a request queues its mail. A request whose product lacks a
 * translation in the shopper's language stays pending (and is logged) for the next restock, and
 * so does one whose product is not on show (a draft, archived, scheduled): its link would be a 404.
 */
export async function notifyBackInStock(
  trx: Transaction<Database>,
  variantId: number,
  { origin, claimMailFor }: { origin: string; claimMailFor?: string },
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const products = new Map<Locale, Promise<AlertProduct | undefined>>();
  const productIn = (locale: Locale) => {
    if (!products.has(locale)) products.set(locale, findAlertProduct(trx, variantId, locale));
    return products.get(locale)!;
  };
  let queued = 0;
  for (const request of await listPendingRequests(trx, variantId)) {
    const product = await productIn(request.locale);
    if (!product) {
      log.error("back-in-stock mail not queued: no translation", { backInStockRequestId: request.id, variantId, locale: request.locale });
      continue;
    }
    if (!isShownToShoppers(product, now)) continue;
    if (!(await markNotified(trx, request.id, at))) continue;
    await enqueueMail(trx, backInStockMail(request.email, request.locale, product, origin), { now, claimedBy: claimMailFor });
    queued++;
  }
  return queued;
}

type AlertProduct = NonNullable<Awaited<ReturnType<typeof findAlertProduct>>>;

function backInStockMail(to: string, locale: Locale, product: AlertProduct, origin: string): OutgoingMail {
  const query = new URLSearchParams({ color: product.colorCode, size: product.size });
  const url = `${origin.replace(/\/+$/, "")}${productUrl(product.slug, locale)}?${query}`;
  const values = { product: product.productName, color: product.colorName, size: product.size, url };
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "backInStock.subject", values },
    paragraphs: [
      [{ key: "backInStock.greeting" }],
      [{ key: "backInStock.news", values }],
      [{ key: "backInStock.link", values, link: url }],
      [{ key: "backInStock.oneOff" }],
      [{ key: "backInStock.signature" }],
    ],
  });
  return { ...rendered, template: "back-in-stock", locale };
}

/** The back-in-stock requests made with an address, as a data export shows them. */
export async function backInStockRequestsOf(db: Kysely<Database>, email: string) {
  return (await listRequestsByEmail(db, email)).map((r) => ({ sku: r.sku, email: r.email, language: r.locale, consentAt: r.consent_at, createdAt: r.created_at, notifiedAt: r.notified_at }));
}

/** Erases the requests made with an address (account deletion). */
export function eraseBackInStockRequests(db: Kysely<Database>, email: string): Promise<void> {
  return deleteRequestsByEmail(db, email);
}
