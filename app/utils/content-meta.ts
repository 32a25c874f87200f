import type { MetaDescriptor } from "react-router";
import type { Locale } from "./locale";
import { type SeoInput, seoMeta } from "./seo";

// Kept apart from seo.ts so that only the content routes' chunks carry it (the home page's
// JavaScript budget has little room).
/** The meta tags of a content entry (page, post, care article, story) from its own SEO fields. */
export function contentEntryMeta(
  entry: { metaTitle: string; metaDescription: string; keywords: string; url: string; alternates: Partial<Record<Locale, string>>; cover?: { src: string } },
  origin: string,
  type: SeoInput["type"] = "article",
): MetaDescriptor[] {
  return seoMeta({
    title: entry.metaTitle,
    description: entry.metaDescription,
    keywords: entry.keywords,
    image: entry.cover?.src,
    path: entry.url,
    alternates: entry.alternates,
    origin,
    type,
  });
}
