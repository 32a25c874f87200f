import type { ContentTable, Locale } from "~/db/schema";
import { localizePath } from "~/utils/locale";

// The shop's page addresses, in the base level (decision 038): the catalogue, the content, the
// sitemap, the bag and the back-in-stock mails all link pages, and none of them need import
// another domain's service for it.

/** A category's page, e.g. "/en/categories/women/dresses". */
export const categoryUrl = (path: string, locale: Locale) => localizePath(`/categories/${path}`, locale);

/** A product's page. */
export const productUrl = (slug: string, locale: Locale) => localizePath(`/products/${slug}`, locale);

/** A product's size guide: its own words in each language, the product's slug after them. */
export const sizeGuideUrl = (slug: string, locale: Locale) => (locale === "it" ? `/guida-taglie/${slug}` : `/en/size-guide/${slug}`);

/** A content entry's URL: pages under /pages, the journal under /blog, the care guide under its localized name. */
export function contentUrl(kind: ContentTable["kind"], slug: string, locale: Locale): string {
  switch (kind) {
    case "page":
      return localizePath(`/pages/${slug}`, locale);
    case "blog":
      return localizePath(`/blog/${slug}`, locale);
    case "care":
      return locale === "it" ? `/curadelcapo/${slug}` : `/en/careguide/${slug}`;
    case "inside":
      return localizePath(`/inside-${slug}`, locale);
  }
}
