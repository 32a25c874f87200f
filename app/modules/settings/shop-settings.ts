import { z } from "~/utils/zod";

// The shop's constants, kept once in the database (shop_settings) and shown wherever they are
// needed: pages, footer, checkout. Where the spec's Italian and English texts disagree, one value
// drives both languages (docs/decisions/007-shop-constants.md).

/** What the checkout may offer; the shop enables some in its settings (spec §9). */
export const PAYMENT_METHODS = ["card", "applePay", "googlePay", "paypalInstalments", "bankTransfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The social networks whose profile links the footer shows (each hidden while empty). */
export const SOCIAL_NETWORKS = ["instagram", "facebook", "tiktok", "pinterest", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A profile's address: https only (it becomes a link on every page), or "" for none. */
export const socialUrl = () => z.union([z.literal(""), z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(300)]);

/** The tax regimes (RegimeFiscale) of a FatturaPA seller; RF01 is the ordinary one. */
export const REGIMI_FISCALI = ["RF01", "RF02", "RF04", "RF05", "RF06", "RF07", "RF08", "RF09", "RF10", "RF11", "RF12", "RF13", "RF14", "RF15", "RF16", "RF17", "RF18", "RF19"] as const;

/**
 * The seller as an electronic invoice names it (CedentePrestatore): the company's tax numbers
 * apart, its registered office in the FatturaPA's fields, its tax regime and its entry in the
 * companies register (REA). Kept apart from `company`, which is the footer's text.
 */
export const InvoicingSettingsSchema = z.object({
  /** Partita IVA, 11 digits without the "IT". */
  vatNumber: z.string().regex(/^\d{11}$/),
  /** The company's codice fiscale: for a company usually its partita IVA again. */
  fiscalCode: z.string().regex(/^[A-Z0-9]{11,16}$/),
  regimeFiscale: z.enum(REGIMI_FISCALI),
  address: z.object({
    street: z.string().min(1).max(60),
    streetNumber: z.string().min(1).max(8),
    zip: z.string().regex(/^\d{5}$/),
    city: z.string().min(1).max(60),
    /** Sigla della provincia, two capitals. */
    province: z.string().regex(/^[A-Z]{2}$/),
    country: z.literal("IT"),
  }),
  /** IscrizioneREA: the register's office (a province's two capitals) and number; null when not registered. */
  rea: z.object({ office: z.string().regex(/^[A-Z]{2}$/), number: z.string().min(1).max(20) }).nullable(),
});
export type InvoicingSettings = z.infer<typeof InvoicingSettingsSchema>;

export const ShopSettingsSchema = z.object({
  freeShippingFromCents: z.number().int().nonnegative(),
  shippingFeeCents: z.number().int().nonnegative(),
  deliveryDays: z.object({ min: z.number().int().positive(), max: z.number().int().positive() }),
  courier: z.string().min(1),
  returnDays: z.number().int().positive(),
  returnFeeCents: z.number().int().nonnegative(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  paypalInstalments: z.number().int().min(2),
  /** Where a bank transfer goes, and how many days an order waits for it (its stock held). */
  bankTransfer: z.object({
    beneficiary: z.string().min(1),
    iban: z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/),
    bic: z.string().min(8).max(11),
    holdDays: z.number().int().min(1).max(30),
  }),
  supportHours: z.object({ open: z.string().regex(/^\d{1,2}:\d{2}$/), close: z.string().regex(/^\d{1,2}:\d{2}$/) }),
  /** The shop's own profiles: an https URL, or "" for a network the shop is not on. */
  socialLinks: z.object({ instagram: socialUrl(), facebook: socialUrl(), tiktok: socialUrl(), pinterest: socialUrl(), youtube: socialUrl() }),
  supportEmail: z.email(),
  supportPhone: z.string().min(5),
  hrEmail: z.email(),
  /** The youngest age at which a shopper may open an account (GDPR art. 8: 16 unless a state sets 13–16; Italy sets 14). */
  minimumAge: z.number().int().min(13).max(21),
  company: z.object({
    name: z.string().min(1),
    address: z.string().min(1),
    vatNumber: z.string().min(1),
    reaNumber: z.string().min(1),
  }),
  /** Atelier: how far (in cents, all refunds of one order together) a staff member may refund an order; owners have no cap. */
  staffRefundLimitCents: z.number().int().nonnegative(),
  /** Atelier: a variant with fewer units than this in stock shows as low stock on the dashboard. */
  lowStockThreshold: z.number().int().min(0).max(1000),
  /** Atelier: job applications and their CVs are erased this many months after they arrive. */
  applicationRetentionMonths: z.number().int().min(1).max(60),
  /** Atelier: the seller's data on electronic invoices (docs/decisions/022). */
  invoicing: InvoicingSettingsSchema,
});

export type ShopSettings = z.infer<typeof ShopSettingsSchema>;

/** What a new shop starts with (the seed writes the same values to the database). */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  freeShippingFromCents: 25_000,
  shippingFeeCents: 700,
  deliveryDays: { min: 1, max: 3 },
  courier: "UPS",
  returnDays: 14,
  returnFeeCents: 1_000,
  paymentMethods: [...PAYMENT_METHODS],
  paypalInstalments: 3,
  bankTransfer: { beneficiary: "Bottega S.r.l.", iban: "IT60X0542811101000000123456", bic: "BPMOIT22XXX", holdDays: 7 },
  supportHours: { open: "8:30", close: "17:30" },
  // The demo shop has no profiles of its own: the footer shows none until the owner sets them.
  socialLinks: { instagram: "", facebook: "", tiktok: "", pinterest: "", youtube: "" },
  supportEmail: "assistenza@bottega.example",
  supportPhone: "+39 02 1234 5678",
  hrEmail: "lavora-con-noi@bottega.example",
  minimumAge: 16,
  company: {
    name: "Bottega S.r.l.",
    address: "Via della Spiga 12, 20121 Milano",
    vatNumber: "IT01234567890",
    reaNumber: "MI-1234567",
  },
  staffRefundLimitCents: 20_000,
  lowStockThreshold: 3,
  applicationRetentionMonths: 12,
  invoicing: {
    vatNumber: "01234567890",
    fiscalCode: "01234567890",
    regimeFiscale: "RF01",
    address: { street: "Via della Spiga", streetNumber: "12", zip: "20121", city: "Milano", province: "MI", country: "IT" },
    rea: { office: "MI", number: "1234567" },
  },
};
