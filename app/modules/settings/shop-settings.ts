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
export type RegimeFiscale = (typeof REGIMI_FISCALI)[number];

/** IscrizioneREA's SocioUnico: one shareholder (SU) or several (SM). */
export const SOCI = ["SU", "SM"] as const;
/** IscrizioneREA's StatoLiquidazione: not being wound up (LN) or being wound up (LS). */
export const STATI_LIQUIDAZIONE = ["LN", "LS"] as const;

/**
 * The seller's fiscal identity, set by the owner in Atelier (/atelier/settings/fiscal) and used
 * wherever the law wants it: every electronic invoice (CedentePrestatore), the site's footer,
 * packing slips and order e-mails (seller.ts turns it into those texts). `demo` marks the demo
 * shop's made-up identity: while it is set, Atelier's dashboard says so and no invoice is issued.
 */
export const SellerIdentitySchema = z.object({
  /** Ragione sociale (Denominazione). */
  name: z.string().min(1).max(80),
  /** Partita IVA, 11 digits without the "IT". */
  vatNumber: z.string().regex(/^\d{11}$/),
  /** Codice fiscale: a company's 11 digits (usually its partita IVA again) or a sole trader's 16 characters. */
  fiscalCode: z.string().regex(/^[A-Z0-9]{11,16}$/),
  regimeFiscale: z.enum(REGIMI_FISCALI),
  /** Sede legale, in the FatturaPA's fields. */
  address: z.object({
    street: z.string().min(1).max(60),
    streetNumber: z.string().min(1).max(8),
    zip: z.string().regex(/^\d{5}$/),
    city: z.string().min(1).max(60),
    /** Sigla della provincia, two capitals. */
    province: z.string().regex(/^[A-Z]{2}$/),
    country: z.literal("IT"),
  }),
  /** IscrizioneREA: the register's office (a province's two capitals), the number, the share capital, the shareholders, the liquidation; null when not registered. */
  rea: z
    .object({
      office: z.string().regex(/^[A-Z]{2}$/),
      number: z.string().regex(/^[A-Z0-9]{1,20}$/),
      /** Capitale sociale (fully paid up), in cents; null for a firm without one. */
      shareCapitalCents: z.number().int().positive().nullable(),
      soleShareholder: z.enum(SOCI).nullable(),
      liquidation: z.enum(STATI_LIQUIDAZIONE),
    })
    .nullable(),
  /** The company's PEC (certified e-mail). */
  pec: z.email().max(254),
  /** The demo shop's identity ("dati dimostrativi"), not the owner's. */
  demo: z.boolean(),
});
export type SellerIdentity = z.infer<typeof SellerIdentitySchema>;

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
  /** Atelier: how far (in cents, all refunds of one order together) a staff member may refund an order; owners have no cap. */
  staffRefundLimitCents: z.number().int().nonnegative(),
  /** Atelier: a variant with fewer units than this in stock shows as low stock on the dashboard. */
  lowStockThreshold: z.number().int().min(0).max(1000),
  /** Atelier: job applications and their CVs are erased this many months after they arrive. */
  applicationRetentionMonths: z.number().int().min(1).max(60),
  /** Atelier: the seller's fiscal identity, on invoices, the footer, packing slips and order e-mails. */
  seller: SellerIdentitySchema,
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
  staffRefundLimitCents: 20_000,
  lowStockThreshold: 3,
  applicationRetentionMonths: 12,
  // The demo shop's identity: made up, with valid check digits, and marked as a demo until the
  // owner sets the real one in Atelier.
  seller: {
    name: "Bottega S.r.l.",
    vatNumber: "12345678903",
    fiscalCode: "12345678903",
    regimeFiscale: "RF01",
    address: { street: "Via della Spiga", streetNumber: "12", zip: "20121", city: "Milano", province: "MI", country: "IT" },
    rea: { office: "MI", number: "1234567", shareCapitalCents: 1_000_000, soleShareholder: null, liquidation: "LN" },
    pec: "bottega@pec.bottega.example",
    demo: true,
  },
};
