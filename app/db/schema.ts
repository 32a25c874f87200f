// Table types, declared once; repositories use Selectable/Insertable/Updateable of these.
// Timestamps are ISO-8601 UTC strings on both dialects (see connection.server.ts); booleans are 0/1.
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Locale } from "~/utils/locale";

// The language columns hold the shop's one Locale (app/utils/locale.ts); named here too for the
// repositories that import their row types from this file.
export type { Locale };
type Timestamp = string;
type Id = Generated<number>;

export interface CategoriesTable {
  id: Id;
  parent_id: number | null;
  position: number;
  /** 1 for the import's holding category ("Da rivedere"): Atelier only, never in the storefront. */
  holding: Generated<number>;
  /** The size guide of its products (and its sub-categories', unless they name their own). */
  size_guide_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoryTranslationsTable {
  category_id: number;
  locale: Locale;
  name: string;
  slug: string;
  /** Slugs from the top category down, joined by "/": the URL below /categories/. */
  path: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
  share_image: string | null;
}

export interface ColorsTable {
  code: string;
  hex: string;
  position: number;
}

export interface ColorTranslationsTable {
  color_code: string;
  locale: Locale;
  name: string;
}

export interface ManufacturersTable {
  id: Id;
  key: string;
  name: string;
  /** Street, postcode and town, without the country. */
  address: string;
  country_code: string;
  email: string;
  /** The EU responsible person (GPSR art. 16), only for a maker established outside the EU. */
  eu_responsible_name: string | null;
  eu_responsible_address: string | null;
  eu_responsible_country_code: string | null;
  eu_responsible_email: string | null;
}

export type ProductStatus = "draft" | "published" | "archived";

export interface ProductsTable {
  id: Id;
  category_id: number;
  /** Null until the catalogue names the maker; the product page then shows no safety block. */
  manufacturer_id: ColumnType<number | null, number | null | undefined, number | null>;
  garment: string;
  featured_rank: number;
  /** Draft (staff only), published (shown from published_at: later is "scheduled") or archived (withdrawn). */
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
  published_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The price of every variant without its own, and the crossed-out price (Atelier; migration 20261202020000). */
  price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  compare_at_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** A scheduled sale: its price from sale_starts_at until sale_ends_at; sale_active = 1 while the variants carry it. */
  sale_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  sale_starts_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  sale_ends_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  sale_active: ColumnType<number, number | undefined, number>;
  /** The product's own size guide, else its category's (migration 20261207020000). */
  size_guide_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** How it fits: "small", "regular" or "large" (size-guide-rules.ts FITS); null says nothing. */
  fit: ColumnType<string | null, string | null | undefined, string | null>;
  /** The model its photographs show: height, the size worn, chest, waist and hips (cm). */
  model_height_cm: ColumnType<number | null, number | null | undefined, number | null>;
  model_size: ColumnType<string | null, string | null | undefined, string | null>;
  model_chest_cm: ColumnType<number | null, number | null | undefined, number | null>;
  model_waist_cm: ColumnType<number | null, number | null | undefined, number | null>;
  model_hips_cm: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductTranslationsTable {
  product_id: number;
  locale: Locale;
  name: string;
  slug: string;
  description: string;
  composition: string;
  care: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
  share_image: string | null;
}

export interface VariantsTable {
  id: Id;
  product_id: number;
  sku: string;
  color_code: string;
  size: string;
  position: number;
  price_cents: number;
  compare_at_cents: number | null;
  stock: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Its own price (Atelier), null: the product's. price_cents is the effective one the storefront reads. */
  own_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductImagesTable {
  id: Id;
  product_id: number;
  color_code: string;
  view: string;
  position: number;
}

export interface PriceHistoryTable {
  id: Id;
  variant_id: number;
  price_cents: number;
  effective_at: Timestamp;
}

/** A message of the banner above the header (Atelier's Banner page), both languages in one row. */
export interface BannerMessagesTable {
  id: Id;
  position: number;
  text_it: string;
  text_en: string;
  /** A local path ("/pages/Shipping"), or null for no link. */
  link_it: string | null;
  link_en: string | null;
  /** "#RRGGBB", checked for AA contrast when saved. */
  background: string;
  color: string;
  /** Shown from starts_at (inclusive) until ends_at (exclusive); null: no limit on that side. */
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A closure: shown in the banner and at checkout between its dates ("orders placed now ship from …"). */
export interface ClosureNoticesTable {
  id: Id;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** YYYY-MM-DD, the day in Italy orders placed during the notice ship from. */
  ships_from: string;
  text_it: string;
  text_en: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A dated free-shipping promotion: while it runs, shipping is free from its threshold. */
export interface FreeShippingPromotionsTable {
  id: Id;
  threshold_cents: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row (id 1): raised by every write to the shop settings, banner, closures and promotions. */
export interface ShopRevisionTable {
  id: number;
  revision: ColumnType<number | string, number | undefined, number>;
}

export type NewsletterStatus = "pending" | "confirmed" | "unsubscribed";

/** A newsletter sign-up: pending until its e-mailed link confirms it (double opt-in). */
export interface NewsletterSubscriptionsTable {
  id: Id;
  email: string;
  locale: Locale;
  /** When the consent was given (the latest sign-up of the address). */
  consent_at: Timestamp;
  source: string;
  status: ColumnType<NewsletterStatus, NewsletterStatus | undefined, NewsletterStatus>;
  /** The version of the consent text accepted (NEWSLETTER_CONSENT_VERSION when signing up). */
  consent_version: ColumnType<string, string | undefined, string>;
  /** Null for a pending row, and for rows confirmed before double opt-in existed. */
  confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  unsubscribed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the live confirmation token; null once used. */
  confirm_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  confirm_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's random token: a leaked table gives no usable cookies. */
  id: string;
  user_id: number | null;
  cart_id: number | null;
  is_guest: ColumnType<number, number | undefined, number>;
  /** JSON array of flash notices, consumed on the next read. */
  flash: string | null;
  /** The email of a guest (is_guest = 1) who continued at checkout without an account. */
  guest_email: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

/** A saved piece (the wishlist, "Preferiti"): an account's or a session's, never both. */
export interface WishlistItemsTable {
  id: Id;
  user_id: number | null;
  /** The owning session's id (its token's hash): follows a rename, goes with the session. */
  session_id: string | null;
  product_id: number;
  /** The size saved with the piece, when the shopper chose one. */
  variant_id: number | null;
  saved_price_cents: number;
  /** The price the last price-drop e-mail announced: each reduction is announced once. */
  alerted_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the saved size had none left when it was saved. */
  saved_sold_out: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** A size guide: the sizes of a kind of garment in every system, with their measurements. */
export interface SizeGuidesTable {
  id: Id;
  /** What the "how to measure" drawing shows: "clothing", "trousers" or "shoes" (size-guide-rules.ts). */
  kind: string;
  name_it: string;
  name_en: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type Measure = ColumnType<number | null, number | null | undefined, number | null>;

/** One size of a guide, smallest first. Lengths in millimetres; height and weight the size usually fits. */
export interface SizeGuideRowsTable {
  id: Id;
  guide_id: number;
  position: number;
  /** The size as the shop's variants name it ("M", "42"). */
  size: string;
  size_it: Generated<string>;
  size_eu: Generated<string>;
  size_us: Generated<string>;
  size_uk: Generated<string>;
  chest_mm: Measure;
  waist_mm: Measure;
  hips_mm: Measure;
  inseam_mm: Measure;
  foot_mm: Measure;
  garment_chest_mm: Measure;
  garment_length_mm: Measure;
  height_from_cm: Measure;
  height_to_cm: Measure;
  weight_from_kg: Measure;
  weight_to_kg: Measure;
}

/** An account's wish to hear, by e-mail, when a saved piece is reduced. */
export interface WishlistAlertsTable {
  id: Id;
  user_id: number;
  locale: Locale;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
  /** The previous window's hits (sliding window). */
  prev_hits: ColumnType<number, number | undefined, number>;
}

export interface BackInStockRequestsTable {
  id: Id;
  variant_id: number;
  email: string;
  locale: Locale;
  consent_at: Timestamp;
  created_at: Timestamp;
  notified_at: Timestamp | null;
}

/**
 * One normalised search document per product and locale: an FTS5 virtual table on SQLite,
 * a table with a generated tsvector on PostgreSQL (query it through search.repository.server.ts).
 */
export interface ProductSearchTable {
  product_id: number;
  locale: Locale;
  document: string;
}

/** Search documents (issue 39): Snowball stems per field, space-separated (search-terms.ts). */
export interface SearchDocumentsTable {
  product_id: number;
  locale: Locale;
  name_terms: string;
  category_terms: string;
  color_terms: string;
  body_terms: string;
}

/** Every word of the search documents with its stem, per language. */
export interface SearchVocabularyTable {
  locale: Locale;
  word: string;
  stem: string;
}

export interface SearchSynonymsTable {
  id: Generated<number>;
  locale: Locale;
  /** The group's words and phrases, comma-separated, as the owner wrote them. */
  terms: string;
  created_at: string;
  updated_at: string;
}

/** What shoppers looked for: per UTC day, language and normalised query. No person. */
export interface SearchQueriesTable {
  day: string;
  locale: Locale;
  query: string;
  searches: Generated<number>;
  /** How many results the day's last search of it found. */
  results: Generated<number>;
}

export interface ShopSettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: Timestamp;
}

/** One write made in Atelier, by the back office's CLI or by a sweep; only ever inserted. */
export interface AuditLogTable {
  id: Id;
  at: Timestamp;
  staff_id: number | null;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON. */
  before: string | null;
  /** JSON. */
  after: string | null;
  summary: ColumnType<string, string | undefined, string>;
  /** The client address (sign-ins, failed tries, exports); null for older entries and the command line. */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Owner, manager, shop assistant ("staff", the Collaboratore) and warehouse: presets of capabilities. */
export type StaffRole = "owner" | "manager" | "staff" | "warehouse";

/** An Atelier account: the shop's staff, apart from shoppers' users (docs/decisions/021). */
export interface StaffTable {
  id: Id;
  email: string;
  email_key: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  /** Encrypted TOTP secret; null until the second factor is enrolled. */
  totp_secret: string | null;
  totp_last_step: number | null;
  enrolled_at: Timestamp | null;
  disabled_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** JSON array of capabilities an owner chose; null: the role's preset. */
  capabilities: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member's refund cap in cents; null: the shop's staff limit. */
  refund_cap_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Exponential back-off after failures (wrong second-factor codes), per key. */
export interface RateBackoffsTable {
  key: string;
  failures: number;
  blocked_until: Timestamp;
  last_failure_at: Timestamp;
}

/** A form posted after the staff session ended, kept (by its cookie's hash) until sign-in. */
export interface StaffFormDraftsTable {
  id: string;
  path: string;
  /** JSON: [name, value][] (text fields only). */
  fields: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface StaffSessionsTable {
  /** SHA-256 of the cookie's random token. */
  id: string;
  staff_id: number;
  second_factor: ColumnType<number, number | undefined, number>;
  enrol_secret: ColumnType<string | null, string | null | undefined, string | null>;
  recovery_codes: ColumnType<string | null, string | null | undefined, string | null>;
  flash: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface StaffRecoveryCodesTable {
  id: Id;
  staff_id: number;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StaffInvitesTable {
  id: Id;
  kind: "setup" | "invite";
  token_hash: string;
  email: string | null;
  role: StaffRole;
  locale: ColumnType<Locale, Locale | undefined, Locale>;
  invited_by: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  staff_id: number | null;
  created_at: Timestamp;
}

export interface ContentTable {
  id: Id;
  kind: "page" | "blog" | "care" | "inside";
  /** Stable id across languages ("Faq", a post's key). */
  key: string;
  locale: Locale;
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown; the shop's constants appear as {{placeholders}} filled from the settings. */
  body: string;
  meta_title: string;
  meta_description: string;
  keywords: string;
  cover: string | null;
  /** Draft (staff only) or published (from published_at: a later date is scheduled). */
  status: ColumnType<ContentStatus, ContentStatus | undefined, ContentStatus>;
  published_at: Timestamp;
  updated_at: Timestamp;
}

export type ContentStatus = "draft" | "published";

export interface StoreRegionsTable {
  /** A slug: "southern-europe". */
  code: string;
  /** One of CONTINENTS (app/modules/store/store.schema.ts). */
  continent_code: string;
  name_it: string;
  name_en: string;
  position: number;
}

export interface StoresTable {
  id: Id;
  name: string;
  kind: "boutique" | "corner";
  /** Street and number as written locally ("Via della Spiga 18", "817 Madison Avenue"). */
  address: string;
  city: string;
  /** Province or state abbreviation where addresses carry one ("MI", "NY"). */
  province: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2. */
  country_code: string;
  region_code: string;
  /** International format: "+39 02 7600 4182". */
  phone: string;
  /** JSON: seven days from Monday, each a list of ["HH:MM", "HH:MM"] pairs; [] is closed. */
  opening_hours: string;
  latitude: number;
  longitude: number;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a store holds of a variant (the warehouse's is `variants.stock`); never negative. */
export interface StoreStockTable {
  store_id: number;
  variant_id: number;
  quantity: number;
  updated_at: Timestamp;
}

export interface JobApplicationsTable {
  id: Id;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** One of DEPARTMENTS in app/modules/career/career.fields.ts. */
  department: string;
  website: string | null;
  message: string;
  locale: Locale;
  consent_at: Timestamp;
  created_at: Timestamp;
  /** When a staff member marked it handled (Atelier), and who; null until then. */
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The CV of an application: the bytes themselves (blob on SQLite, bytea on PostgreSQL). */
export interface JobApplicationFilesTable {
  id: Id;
  application_id: number;
  /** The applicant's file name, sanitised; data only, never a path. */
  file_name: string;
  /** Detected from the content, not from the name. */
  mime_type: string;
  size_bytes: number;
  content: Buffer;
  created_at: Timestamp;
}

/** One message in the mail outbox (app/modules/mail/outbox.server.ts). */
export interface MailOutboxTable {
  id: Id;
  /** Which message this is ("back-in-stock", "career-acknowledgement"…): for logs, never personal. */
  template: string;
  locale: Locale;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Whom the message is about besides its recipient (HR's notice: the applicant), lowercased: erased with them. */
  about_email: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON object of extra headers (a newsletter mail's List-Unsubscribe); null for none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the person it is for or about was erased: deleted when delivered or failed for good, never sent otherwise than planned. */
  erase_after_delivery: ColumnType<number, number | undefined, number>;
  status: ColumnType<MailOutboxStatus, MailOutboxStatus | undefined, MailOutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claimed_by: string | null;
  lease_until: Timestamp | null;
  /** The last delivery error, with addresses removed. */
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The order the message is about (its page's timeline); null for other mail. */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type MailOutboxStatus = "pending" | "sent" | "failed";

export type MediaAssetStatus = "pending" | "ready" | "failed";

/** An uploaded image (migration 20261202030000, docs/decisions/023). */
export interface MediaAssetsTable {
  id: Id;
  sha256: string;
  mime: string;
  byte_size: number;
  width: number;
  height: number;
  focal_x: ColumnType<number, number | undefined, number>;
  focal_y: ColumnType<number, number | undefined, number>;
  status: ColumnType<MediaAssetStatus, MediaAssetStatus | undefined, MediaAssetStatus>;
  variant_key: string | null;
  variant_widths: string | null;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Making an asset's variants, claimed by a worker with a lease (like mail_outbox). */
export interface MediaJobsTable {
  id: Id;
  asset_id: number;
  status: ColumnType<"pending" | "failed", "pending" | "failed" | undefined, "pending" | "failed">;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claimed_by: string | null;
  lease_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}

/** A category's tile photograph (migration 20261202090000): the home page's tile shows it instead of the drawing. */
export interface CategoryTilesTable {
  category_id: number;
  asset_id: number;
  alt_it: ColumnType<string, string | undefined, string>;
  alt_en: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ContentImageRole = "cover" | "body";

/** A picture of a journal post, care-guide entry or page (migration 20261202090000): its cover, or one its body shows. */
export interface ContentImagesTable {
  id: Id;
  kind: ContentTable["kind"];
  key: string;
  asset_id: number;
  role: ContentImageRole;
  alt_it: ColumnType<string, string | undefined, string>;
  alt_en: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A photograph in a product's gallery. */
export interface ProductPhotosTable {
  id: Id;
  product_id: number;
  asset_id: number;
  color_code: string | null;
  alt_it: ColumnType<string, string | undefined, string>;
  alt_en: ColumnType<string, string | undefined, string>;
  position: number;
  is_cover: ColumnType<number, number | undefined, number>;
  /** The URL the Shopify import fetched it from (a second run finds it by it); null: uploaded in Atelier. */
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row (id 1): raised by every write that changes what listings and product pages show. */
export interface CatalogRevisionTable {
  id: number;
  /** bigint: pg returns it as a string, SQLite as a number; compare as strings. */
  revision: ColumnType<number | string, number | undefined, number>;
}

export interface ScheduledTasksTable {
  name: string;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  last_run_by: string | null;
}

export interface BagsTable {
  id: Id;
  user_id: number | null;
  discount_code_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BagLinesTable {
  id: Id;
  bag_id: number;
  variant_id: number;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DiscountKind = "percentage" | "fixed" | "free_shipping";

export interface DiscountCodesTable {
  id: Id;
  code: string;
  kind: DiscountKind;
  amount: number;
  min_subtotal_cents: ColumnType<number, number | undefined, number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  created_at: Timestamp;
}

export interface DiscountCodeCategoriesTable {
  discount_code_id: number;
  category_id: number;
}

export interface DiscountCodeProductsTable {
  discount_code_id: number;
  product_id: number;
}

export interface DiscountRedemptionsTable {
  id: Id;
  discount_code_id: number;
  email: string | null;
  /** A keyed hash of the address (customerEmailKey): counts the customer's uses after an erasure removed the address. */
  email_hash: ColumnType<string | null, string | null | undefined, string | null>;
  user_id: number | null;
  /** The order that used the code (null for uses recorded before orders existed). */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export type Gender = "male" | "female";
export type Interests = "man" | "woman" | "both";

export interface UsersTable {
  id: Id;
  email: string;
  email_key: string;
  /** Null for an account that signs in only through an identity provider. */
  password_hash: string | null;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  gender: Gender | null;
  interests: Interests | null;
  /** The person's codice fiscale (normalised), when they gave one: prefilled at an invoice request. */
  fiscal_code: string | null;
  /** When the account proved it owns `email` (a completed password reset); null until then and after a change of address. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The latest sign-in (password, social login, registration); null before the first one. */
  last_login_at: ColumnType<string | null, string | null | undefined, string | null>;
  locale: Locale;
  privacy_consent_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TokenPurpose = "password-reset" | "email-confirmation";

/** A mailed link's token: a password reset, or the confirmation of the account's address. */
export interface PasswordResetTokensTable {
  id: Id;
  user_id: number;
  purpose: ColumnType<TokenPurpose, TokenPurpose | undefined, never>;
  /** The address a confirmation link was mailed to (its key); null for a reset link. */
  email: ColumnType<string | null, string | null | undefined, never>;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** An identity at an OpenID provider, linked to an account (social login). */
export interface UserIdentitiesTable {
  id: Id;
  user_id: number;
  provider: string;
  subject: string;
  email: string;
  created_at: Timestamp;
}

/** A social sign-in under way: what the callback must check (state, nonce, PKCE verifier). */
export interface SocialLoginFlowsTable {
  id: Id;
  state_hash: string;
  session_id: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  locale: Locale;
  redirect_to: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface AddressesTable {
  id: Id;
  user_id: number;
  first_name: string;
  last_name: string;
  street: string;
  street_number: string;
  additional_info: string | null;
  city: string;
  province: string;
  country: string;
  zip: string;
  phone_prefix: string;
  phone: string;
  is_default: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What the shopper chose at each checkout step, tied to the bag (JSON columns hold validated shapes). */
export interface CheckoutsTable {
  id: Id;
  bag_id: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  shipping_address: string | null;
  billing_address: string | null;
  save_address: ColumnType<number, number | undefined, number>;
  shipping_method: string | null;
  invoice: string | null;
  payment_method: string | null;
  order_key: string;
  /** The store a pick-up order is collected from (shipping method store_pickup). */
  pickup_store_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: the store gets the pieces from the warehouse (2–3 working days); 0: it has them all now. */
  pickup_by_transfer: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type { OrderPaymentStatus, OrderShippingStatus, OrderStatus } from "~/modules/order/order-state";
import type { OrderPaymentStatus, OrderShippingStatus, OrderStatus } from "~/modules/order/order-state";

export interface OrdersTable {
  id: Id;
  number: string;
  idempotency_key: string;
  user_id: number | null;
  session_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  locale: Locale;
  status: OrderStatus;
  payment_status: OrderPaymentStatus;
  shipping_status: OrderShippingStatus;
  payment_method: string;
  shipping_method: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  vat_cents: number;
  coupon_code: string | null;
  shipping_address: string;
  billing_address: string;
  invoice: string | null;
  hold_until: Timestamp;
  placed_at: Timestamp;
  paid_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  shipped_at: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The courier that took the parcel (app/modules/order/carriers.ts); null before shipping or for older orders. */
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  /** What has gone back to the shopper so far (refunds the provider confirmed). */
  refunded_cents: ColumnType<number, number | undefined, number>;
  /** A pick-up order's store (null once the store is deleted: `pickup_store` keeps its copy). */
  pickup_store_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: the store's name, address, phone and whether its pieces came by transfer, as at placing. */
  pickup_store: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a pick-up order's pieces were ready in the store (the uncollected order's days count from it). */
  ready_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** One change of an order's statuses, written by the state machine's writer (order-transition.server.ts). */
export interface OrderEventsTable {
  id: Id;
  order_id: number;
  at: Timestamp;
  event: string;
  /** "status/payment/shipping" before and after the event. */
  from_state: string;
  to_state: string;
}

/**
 * Staff's note on a customer (issue 42): an account ("user:<id>") or someone who ordered without
 * one ("email:<address>"); only ever appended, erased with the account.
 */
export interface CustomerNotesTable {
  id: Id;
  customer_key: string;
  staff_id: number | null;
  author: string;
  body: string;
  created_at: Timestamp;
}

/** A tag staff put on a customer ("VIP", "sarta", "rimborsi frequenti"), keyed as its notes. */
export interface CustomerTagsTable {
  customer_key: string;
  tag: string;
  created_at: Timestamp;
}

/** A named filter of one of Atelier's lists, shared by the staff (issue 42 part 5). */
export interface SavedViewsTable {
  id: Id;
  /** Which list: "orders", "customers" or "products". */
  area: string;
  name: string;
  /** The name in lower case (JavaScript's folding): unique per list. */
  name_key: string;
  /** The list's query string, as its GET form writes it, without the page. */
  query: string;
  /** Who saved it (null once they left, or for the shop's own). */
  staff_id: number | null;
  created_at: Timestamp;
}

/** A staff member's internal note on an order: only ever appended. */
export interface OrderNotesTable {
  id: Id;
  order_id: number;
  staff_id: number | null;
  author: string;
  body: string;
  created_at: Timestamp;
}

export interface OrderLinesTable {
  id: Id;
  order_id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  product_name: string;
  size: string;
  color_name: string;
  unit_cents: number;
  quantity: number;
  total_cents: number;
  /** The line's share of the order's discount. */
  discount_cents: ColumnType<number, number | undefined, number>;
  /** The store whose stock the line took (a pick-up order); null: the warehouse's. */
  store_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PaymentStatus = "pending" | "paid" | "failed" | "refund_pending" | "refunded" | "cancelled";

export interface PaymentsTable {
  id: Id;
  order_id: number;
  provider: string;
  method: string;
  status: PaymentStatus;
  amount_cents: number;
  provider_ref: string | null;
  redirect_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A provider event already handled: a replayed webhook finds its row and changes nothing. */
export interface PaymentEventsTable {
  id: Id;
  provider: string;
  event_id: string;
  payment_id: number | null;
  type: string;
  received_at: Timestamp;
}

/**
 * A product as one listing shows it: one row per category it is listed in (its own, depth 0, and
 * each ancestor), kept current with its variants by app/modules/catalog/listing-entries.server.ts.
 */
export interface ListingEntriesTable {
  category_id: number;
  product_id: number;
  depth: number;
  published_at: Timestamp;
  featured_rank: number;
  price_cents: number;
  max_price_cents: number;
  in_stock: number;
  on_sale: number;
  /** "|S|M|": every size of its variants; stock_sizes: those in stock. Colours alike. */
  sizes: string;
  colors: string;
  stock_sizes: string;
  stock_colors: string;
  /** "|M:nero|": each variant's size and colour; stock_pairs: those in stock. */
  pairs: string;
  stock_pairs: string;
  changed_at: Timestamp;
}

/** How many products listed in a category share a facet profile (see listing-entries.server.ts). */
export interface ListingProfilesTable {
  category_id: number;
  profile_hash: string;
  profile: string;
  products: number;
}

/** The newest change among the products of one products sitemap file. */
export interface SitemapFilesTable {
  file: number;
  lastmod: Timestamp;
}

/** The last invoice number given in a calendar year (docs/decisions/022). */
export interface InvoiceCountersTable {
  year: number;
  last_number: number;
}

/** An electronic invoice (FatturaPA) of an order: stored once, downloaded unchanged. */
export interface InvoicesTable {
  id: Id;
  order_id: number;
  year: number;
  number: number;
  /** YYYY-MM-DD, Italy's calendar. */
  issue_date: string;
  issued_at: Timestamp;
  file_name: string;
  customer_name: string;
  taxable_cents: number;
  vat_cents: number;
  total_cents: number;
  xml: string;
}

/** The last credit-note number given in a calendar year: the credit notes' own series. */
export interface CreditNoteCountersTable {
  year: number;
  last_number: number;
}

/** A credit note (FatturaPA TD04) documenting one refund of an invoiced order. */
export interface CreditNotesTable {
  id: Id;
  order_id: number;
  invoice_id: number;
  refund_id: number;
  year: number;
  number: number;
  /** YYYY-MM-DD, Italy's calendar. */
  issue_date: string;
  issued_at: Timestamp;
  file_name: string;
  customer_name: string;
  taxable_cents: number;
  vat_cents: number;
  total_cents: number;
  xml: string;
}

/** Products and categories; journal posts ("blog"), care-guide entries ("care") and "inside" stories by their row in `content`. */
export type SlugRedirectKind = "product" | "category" | "blog" | "care" | "inside";

/** An old address of a product or category (a slug changed in Atelier): answered with a 301. */
export interface SlugRedirectsTable {
  id: Id;
  kind: SlugRedirectKind;
  locale: Locale;
  /** The path below /products/ or /categories/ as it was (a category's path holds its ancestors'). */
  old_path: string;
  entity_id: number;
  created_at: Timestamp;
}

/** "checking": the dry run is to do (a job); "checked": its report is kept; "running": the real run is to do or under way; "done"; "failed": a job that failed for good. */
export type CatalogImportUploadState = "checking" | "checked" | "running" | "done" | "failed";

/** A Shopify CSV uploaded in Atelier, kept between its dry run and the real run (a day at most). */
export interface CatalogImportUploadsTable {
  id: string;
  staff_id: number | null;
  file_name: string;
  size_bytes: number;
  state: CatalogImportUploadState;
  /** JSON: the latest report (the dry run's, then the real run's). */
  report: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The job's progress: data rows and bytes of the file read so far. */
  progress_rows: Generated<number>;
  progress_bytes: Generated<number>;
  /** Times a process took the job (a restart takes it again). */
  attempts: Generated<number>;
  /** The process running the job and until when its lease holds (renewed after each batch). */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When the job was asked for: jobs run one at a time for the shop, oldest first. */
  queued_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the AuditActor of whoever asked. */
  actor: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop origin for the e-mails a restock sends. */
  origin: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The upload's bytes, in order, at most 1 MiB a row: read back as a stream. */
export interface CatalogImportUploadChunksTable {
  upload_id: string;
  seq: number;
  content: Buffer;
}

export interface Database {
  shop_settings: ShopSettingsTable;
  audit_log: AuditLogTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_invites: StaffInvitesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  credit_note_counters: CreditNoteCountersTable;
  credit_notes: CreditNotesTable;
  content: ContentTable;
  categories: CategoriesTable;
  category_translations: CategoryTranslationsTable;
  colors: ColorsTable;
  color_translations: ColorTranslationsTable;
  manufacturers: ManufacturersTable;
  products: ProductsTable;
  product_translations: ProductTranslationsTable;
  variants: VariantsTable;
  product_images: ProductImagesTable;
  price_history: PriceHistoryTable;
  banner_messages: BannerMessagesTable;
  closure_notices: ClosureNoticesTable;
  free_shipping_promotions: FreeShippingPromotionsTable;
  shop_revision: ShopRevisionTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  sessions: SessionsTable;
  wishlist_items: WishlistItemsTable;
  wishlist_alerts: WishlistAlertsTable;
  size_guides: SizeGuidesTable;
  size_guide_rows: SizeGuideRowsTable;
  store_stock: StoreStockTable;
  rate_limits: RateLimitsTable;
  rate_backoffs: RateBackoffsTable;
  staff_form_drafts: StaffFormDraftsTable;
  back_in_stock_requests: BackInStockRequestsTable;
  product_search: ProductSearchTable;
  search_documents: SearchDocumentsTable;
  search_vocabulary: SearchVocabularyTable;
  search_synonyms: SearchSynonymsTable;
  search_queries: SearchQueriesTable;
  store_regions: StoreRegionsTable;
  stores: StoresTable;
  job_applications: JobApplicationsTable;
  job_application_files: JobApplicationFilesTable;
  mail_outbox: MailOutboxTable;
  catalog_revision: CatalogRevisionTable;
  scheduled_tasks: ScheduledTasksTable;
  media_assets: MediaAssetsTable;
  media_jobs: MediaJobsTable;
  product_photos: ProductPhotosTable;
  category_tiles: CategoryTilesTable;
  content_images: ContentImagesTable;
  listing_entries: ListingEntriesTable;
  listing_profiles: ListingProfilesTable;
  sitemap_files: SitemapFilesTable;
  bags: BagsTable;
  bag_lines: BagLinesTable;
  discount_codes: DiscountCodesTable;
  discount_code_categories: DiscountCodeCategoriesTable;
  discount_code_products: DiscountCodeProductsTable;
  discount_redemptions: DiscountRedemptionsTable;
  users: UsersTable;
  password_reset_tokens: PasswordResetTokensTable;
  addresses: AddressesTable;
  user_identities: UserIdentitiesTable;
  social_login_flows: SocialLoginFlowsTable;
  checkouts: CheckoutsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  order_notes: OrderNotesTable;
  customer_notes: CustomerNotesTable;
  saved_views: SavedViewsTable;
  customer_tags: CustomerTagsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  refunds: RefundsTable;
  withdrawals: WithdrawalsTable;
  slug_redirects: SlugRedirectsTable;
  catalog_import_uploads: CatalogImportUploadsTable;
  catalog_import_upload_chunks: CatalogImportUploadChunksTable;
}

export type ReturnKind = "return" | "withdrawal";
export type ReturnStatus = "requested" | "received" | "refunded";

/** A return of some of an order's lines: asked from the order page or by a withdrawal. */
export interface ReturnsTable {
  id: Id;
  order_id: number;
  kind: ReturnKind;
  status: ReturnStatus;
  goods_cents: number;
  fee_cents: number;
  refund_cents: number;
  created_at: Timestamp;
  received_at: Timestamp | null;
  refunded_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface ReturnLinesTable {
  id: Id;
  return_id: number;
  order_line_id: number;
  quantity: number;
  reason: string;
}

export interface RefundsTable {
  id: Id;
  order_id: number;
  payment_id: number;
  return_id: number | null;
  amount_cents: number;
  status: "pending" | "done";
  created_at: Timestamp;
  done_at: Timestamp | null;
  /** Why the money goes back, as the staff wrote it (null: a return's or an older refund). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A bank-transfer refund: the day the shop's bank sent it (YYYY-MM-DD) and its CRO/TRN. */
  transfer_date: ColumnType<string | null, string | null | undefined, string | null>;
  transfer_reference: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WithdrawalsTable {
  id: Id;
  order_id: number;
  email: string;
  outcome: "cancelled" | "return";
  return_id: number | null;
  received_at: Timestamp;
}

/** A column name as repositories select it: "min_subtotal_cents as minSubtotalCents". */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/**
 * A table's row with its columns named as repositories select them (snake_case → camelCase): a
 * module's row types derive from it (`Pick<CamelRow<…>, …>`) instead of retyping the columns.
 */
export type CamelRow<T> = { [K in keyof Selectable<T> & string as CamelCase<K>]: Selectable<T>[K] };

export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
