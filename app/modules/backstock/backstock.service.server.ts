import type { Kysely } from "kysely";
import enMail from "../../../locales/en/mail.json";
import itMail from "../../../locales/it/mail.json";
import type { Database, Locale } from "~/db/schema";
import { productUrl } from "~/modules/catalog/product.service.server";
import type { MailMessage, Mailer } from "~/modules/mail/mail.server";
import { DomainError } from "~/utils/domain-error";
import { log } from "~/utils/log.server";
import { enforceRateLimit } from "~/utils/rate-limit.server";
import type { BackInStockInput } from "./backstock.schema";
import { findAlertProduct, findVariantBySku, insertRequest, listPendingRequests, markNotified, markPending } from "./backstock.repository.server";

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
 * Sends one e-mail to every shopper waiting for a variant that is back in stock, and returns
 * how many were sent. Each request is marked notified before its mail goes out, so concurrent
 * restocks never mail twice; a failed send puts it back to pending for the next restock.
 */
export async function notifyBackInStock(
  db: Kysely<Database>,
  variantId: number,
  { mailer, origin }: { mailer: Mailer; origin: string },
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const products = new Map<Locale, Promise<AlertProduct | undefined>>();
  const productIn = (locale: Locale) => {
    if (!products.has(locale)) products.set(locale, findAlertProduct(db, variantId, locale));
    return products.get(locale)!;
  };
  let sent = 0;
  for (const request of await listPendingRequests(db, variantId)) {
    if (!(await markNotified(db, request.id, at))) continue;
    try {
      const product = await productIn(request.locale);
      if (!product) throw new Error(`variant ${variantId} has no ${request.locale} product or colour translation`);
      await mailer.send(backInStockMail(request.email, request.locale, product, origin));
      sent++;
    } catch (error) {
      await markPending(db, request.id, at);
      log.error("back-in-stock mail failed", { requestId: request.id, variantId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return sent;
}

type AlertProduct = NonNullable<Awaited<ReturnType<typeof findAlertProduct>>>;

const MAIL_TEXTS: Record<Locale, typeof itMail> = { it: itMail, en: enMail };

function backInStockMail(to: string, locale: Locale, product: AlertProduct, origin: string): MailMessage {
  const texts = MAIL_TEXTS[locale].backInStock;
  const query = new URLSearchParams({ color: product.colorCode, size: product.size });
  const values = {
    product: product.productName,
    color: product.colorName,
    size: product.size,
    url: `${origin.replace(/\/+$/, "")}${productUrl(product.slug, locale)}?${query}`,
  };
  return {
    to,
    subject: fill(texts.subject, values),
    text: [texts.greeting, fill(texts.news, values), fill(texts.link, values), texts.oneOff, texts.signature].join("\n\n") + "\n",
  };
}

/** Replaces {{name}} placeholders; the result is plain text, so nothing needs escaping. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
