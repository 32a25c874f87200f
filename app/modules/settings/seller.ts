import { DomainError } from "~/utils/domain-error";
import type { Locale } from "~/utils/locale";
import { formatMoney } from "~/utils/money";
import type { SellerIdentity, ShopSettings } from "./shop-settings";

// The seller's fiscal identity as the rest of the shop reads it: the one place that says who
// sells (invoices, footer, packing slips, order e-mails, legal pages), and whether the owner has
// set it yet. Pure: safe on client and server.

/** The seller's identity from the shop settings. */
export function sellerIdentity(settings: ShopSettings): SellerIdentity {
  return settings.seller;
}

/** Whether the owner has set the seller's identity (the demo shop's made-up one does not count). */
export function isSellerIdentitySet(seller: SellerIdentity): boolean {
  return !seller.demo;
}

/**
 * The identity an invoice may be issued in. Throws SELLER_IDENTITY_MISSING while it is the demo
 * shop's: an invoice in someone else's name is worse than none.
 */
export function invoiceSeller(settings: ShopSettings): SellerIdentity {
  const seller = sellerIdentity(settings);
  if (!isSellerIdentitySet(seller)) throw new DomainError("SELLER_IDENTITY_MISSING", "The seller's fiscal identity is still the demo one: set it in Atelier's settings.");
  return seller;
}

/** What the law wants shown of the seller (footer, packing slip, e-mails), as printable texts. */
export interface LegalNotice {
  name: string;
  /** "Via della Spiga 12, 20121 Milano (MI)". */
  address: string;
  /** "IT12345678903". */
  vatNumber: string;
  /** "MI-1234567", or null when not in the register. */
  reaNumber: string | null;
  /** The share capital in the reader's format ("10.000,00 €"), or null. */
  shareCapital: string | null;
  pec: string;
}

export function legalNotice(seller: SellerIdentity, locale: Locale): LegalNotice {
  const a = seller.address;
  return {
    name: seller.name,
    address: `${a.street} ${a.streetNumber}, ${a.zip} ${a.city} (${a.province})`,
    vatNumber: `IT${seller.vatNumber}`,
    reaNumber: seller.rea ? `${seller.rea.office}-${seller.rea.number}` : null,
    shareCapital: seller.rea?.shareCapitalCents ? formatMoney(seller.rea.shareCapitalCents, locale) : null,
    pec: seller.pec,
  };
}
