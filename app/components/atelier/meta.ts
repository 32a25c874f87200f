import type { MetaDescriptor } from "react-router";

/** An Atelier page's head: its title, and never indexed or followed (the X-Robots-Tag header says so too). */
export function atelierMeta(title: string | undefined, suffix = "Atelier · Bottega"): MetaDescriptor[] {
  return [{ title: title ? `${title} | ${suffix}` : suffix }, { name: "robots", content: "noindex, nofollow" }];
}
