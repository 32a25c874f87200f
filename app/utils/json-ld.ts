// schema.org structured data for <script type="application/ld+json">. Pure: builds plain
// objects on the server or the client; jsonLdScript turns one into safe script text.

import { toDecimal } from "./money";

export type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** Root-relative paths become absolute on the shop's origin; absolute URLs pass through. */
const absolute = (url: string, origin: string) => (/^https?:\/\//.test(url) ? url : `${origin.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`);

/** The seller as the organisation's data names it (the owner's settings: settings/seller.ts). */
export interface OrganizationSeller {
  name: string;
  vatNumber: string;
  address: { street: string; streetNumber: string; zip: string; city: string; province: string; country: string };
}

/** The shop as an organisation: its brand, the seller's legal name, address and VAT number, and customer-service hours (spec §9). */
export function organizationJsonLd(origin: string, seller: OrganizationSeller): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: "Bottega",
    legalName: seller.name,
    url: absolute("/", origin),
    logo: absolute("/favicon.svg", origin),
    vatID: `IT${seller.vatNumber}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: `${seller.address.street} ${seller.address.streetNumber}`,
      postalCode: seller.address.zip,
      addressLocality: seller.address.city,
      addressRegion: seller.address.province,
      addressCountry: seller.address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      url: absolute("/pages/Contact", origin),
      availableLanguage: ["it", "en"],
      // Support hours Monday to Friday 8:30 to 17:30. ContactPoint has no `openingHours`
      // text property; its hours are an OpeningHoursSpecification.
      hoursAvailable: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `https://schema.org/${day}`),
        opens: "08:30",
        closes: "17:30",
      },
    },
  };
}

export interface BreadcrumbItem {
  name: string;
  /** Root-relative or absolute. */
  url: string;
}

/** The trail from the home page to the current page, positions from 1. */
export function breadcrumbJsonLd(items: BreadcrumbItem[], origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absolute(item.url, origin),
    })),
  };
}

export interface ProductJsonLdVariant {
  sku: string;
  priceCents: number;
  stock: number;
  size: string;
  colorName: string;
  /** The variant's own colour's picture, root-relative or absolute. */
  image?: string;
}

export interface ProductJsonLdInput {
  name: string;
  description: string;
  /** The product page, root-relative or absolute. */
  url: string;
  images: string[];
  /** The product's own code; the variants' group id when it has several. */
  sku?: string;
  brand: string;
  category?: string;
  variants: ProductJsonLdVariant[];
}

/** Integer euro cents as a schema.org price: 12900 → "129.00" (no floating point). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Price must be non-negative integer cents, got ${cents}`);
  return toDecimal(cents);
}

function offer(variant: ProductJsonLdVariant, url: string): JsonLd {
  return {
    "@type": "Offer",
    sku: variant.sku,
    url,
    price: centsToDecimal(variant.priceCents),
    priceCurrency: "EUR",
    availability: variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  };
}

/**
 * A product page's data: a Product with one offer when there is a single variant, otherwise a
 * ProductGroup whose variants (colour × size) are Products with their own offer. Offers point
 * at the product page: the variant is chosen there.
 */
export function productJsonLd(input: ProductJsonLdInput, origin: string): JsonLd {
  const url = absolute(input.url, origin);
  const images = input.images.map((image) => absolute(image, origin));
  const brand = { "@type": "Brand", name: input.brand };
  const common = {
    "@context": CONTEXT,
    name: input.name,
    description: input.description,
    url,
    image: images,
    brand,
    ...(input.category ? { category: input.category } : {}),
  };
  if (input.variants.length <= 1) {
    const [only] = input.variants;
    const sku = input.sku ?? only?.sku;
    return {
      ...common,
      "@type": "Product",
      ...(sku ? { sku } : {}),
      ...(only ? { color: only.colorName, size: only.size, offers: offer(only, url) } : {}),
    };
  }
  return {
    ...common,
    "@type": "ProductGroup",
    ...(input.sku ? { productGroupID: input.sku } : {}),
    variesBy: ["https://schema.org/color", "https://schema.org/size"],
    hasVariant: input.variants.map((variant) => ({
      "@type": "Product",
      name: `${input.name} – ${variant.colorName}, ${variant.size}`,
      sku: variant.sku,
      color: variant.colorName,
      size: variant.size,
      // The group carries the brand and the gallery; a variant adds only its own colour's picture.
      ...(variant.image ? { image: absolute(variant.image, origin) } : {}),
      offers: offer(variant, url),
    })),
  };
}

export interface ArticleJsonLdInput {
  headline: string;
  description: string;
  /** The post's page, root-relative or absolute. */
  url: string;
  /** The cover, root-relative or absolute. */
  image: string;
  /** ISO 8601, UTC. */
  datePublished: string;
  dateModified: string;
  inLanguage: string;
}

/**
 * A journal post as a BlogPosting: headline, cover, dates and the page it is the main entity of.
 * The shop writes its journal: the shop is both its author and its publisher (with its logo, as
 * search engines want for an article's publisher).
 */
export function blogPostingJsonLd(input: ArticleJsonLdInput, origin: string): JsonLd {
  const url = absolute(input.url, origin);
  const shop = { "@type": "Organization", name: "Bottega", url: absolute("/", origin) };
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    headline: input.headline,
    description: input.description,
    image: [absolute(input.image, origin)],
    datePublished: input.datePublished,
    // An entry saved before it went out was not modified after publication.
    dateModified: input.dateModified > input.datePublished ? input.dateModified : input.datePublished,
    inLanguage: input.inLanguage,
    author: shop,
    publisher: { ...shop, logo: { "@type": "ImageObject", url: absolute("/favicon.svg", origin) } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for the body of a <script type="application/ld+json">: `<`, `>` and `&` become \u escapes,
 * so no value can close the script (`</script>`) or open a comment, and the line separators
 * U+2028/U+2029 are escaped too. The result is still JSON that parses to the same data.
 */
export function jsonLdScript(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE_IN_SCRIPT[c]);
}
