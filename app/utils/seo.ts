import type { MetaDescriptor } from "react-router";
import { type Locale, localeFromPath } from "./locale";

export interface SeoInput {
  title: string;
  description?: string;
  keywords?: string;
  /** Absolute or root-relative share image. */
  image?: string;
  /** The page's canonical path (no query) and its other-language versions. */
  path: string;
  alternates?: Partial<Record<Locale, string>>;
  origin: string;
  noindex?: boolean;
  /** Open Graph type: a product page says "product". */
  type?: "website" | "product" | "article";
}

/** Title, description, canonical, hreflang and Open Graph tags for a page. */
export function seoMeta({ title, description, keywords, image, path, alternates, origin, noindex, type = "website" }: SeoInput): MetaDescriptor[] {
  const locale = localeFromPath(path);
  const absolute = (p: string) => (p.startsWith("http") ? p : `${origin}${p}`);
  const meta: MetaDescriptor[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Bottega" },
    { property: "og:locale", content: locale === "it" ? "it_IT" : "en_GB" },
    { property: "og:url", content: absolute(path) },
    { tagName: "link", rel: "canonical", href: absolute(path) },
  ];
  if (description) meta.push({ name: "description", content: description }, { property: "og:description", content: description });
  if (keywords) meta.push({ name: "keywords", content: keywords });
  if (image) meta.push({ property: "og:image", content: absolute(image) });
  if (noindex) meta.push({ name: "robots", content: "noindex" });
  if (alternates) {
    for (const [lang, href] of Object.entries(alternates)) meta.push({ tagName: "link", rel: "alternate", hrefLang: lang, href: absolute(href) });
    if (alternates.it) meta.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absolute(alternates.it) });
  }
  return meta;
}
