// The shape of the demo content (app/db/seed/content.data.ts): pages, journal posts, care-guide
// articles and "inside" stories, each written in both languages (Whistleblowing in Italian only).
//
// Bodies are Markdown (no raw HTML: it is escaped when rendered). The shop's constants are never
// typed in a body: write a placeholder instead, filled from the shop settings when the page is
// shown, in the reader's language and number format:
//   {{freeShippingFrom}}   free shipping from (250,00 €)
//   {{shippingFee}}        standard shipping below that (7,00 €)
//   {{deliveryDays}}       delivery time ("1–3 giorni lavorativi" / "1–3 working days")
//   {{courier}}            the courier (UPS)
//   {{returnDays}}         working days to return (14): write "{{returnDays}} giorni lavorativi" / "{{returnDays}} working days"
//   {{returnFee}}          the return shipping fee deducted from the refund (10,00 €)
//   {{paymentMethods}}     the payment options as a list in a sentence
//   {{paypalInstalments}}  PayPal in 3 instalments
//   {{supportHours}}       support hours ("dal lunedì al venerdì, 8:30–17:30")
//   {{supportEmail}}       customer care address
//   {{supportPhone}}       customer care phone
//   {{companyName}} {{companyAddress}} {{vatNumber}} {{reaNumber}}   the seller's identity
//   {{hrEmail}}            the HR address (work with us)
//   {{lowestPriceNotice}}  the Omnibus sentence about the lowest price of the last 30 days

import type { Locale } from "~/db/schema";

export type ContentKind = "page" | "blog" | "care" | "inside";

export interface SeedContentTranslation {
  /** URL segment: for pages the fixed id (e.g. "Faq", same in both languages); for the others a localized slug. */
  slug: string;
  title: string;
  /** One or two sentences: the list views and the meta description. */
  excerpt: string;
  body: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
}

export interface SeedContent {
  kind: ContentKind;
  /** Stable id across languages, e.g. "Faq", "linen-summer", "atelier". */
  key: string;
  /** Days before the seed's "now" (journal posts are listed newest first). */
  publishedDaysAgo: number;
  /** The drawn cover: an editorial still-life ("loom", "tailoring", "knitwear"…), a garment type whose theme picks one, or "atelier". */
  cover?: string;
  translations: Partial<Record<Locale, SeedContentTranslation>>;
}
