import { stripLocale } from "~/utils/locale";

export const COMING_SOON_FEATURES = [
  "account",
  "blog",
  "cart",
  "categories",
  "checkout",
  "curadelcapo",
  "inside",
  "login",
  "career",
  "storelocator",
  "pages",
  "products",
] as const;
export type ComingSoonFeature = (typeof COMING_SOON_FEATURES)[number];

/** Which not-yet-built feature a path belongs to, for the "coming soon" page's title. */
export function comingSoonFeature(pathname: string): ComingSoonFeature {
  const [first = "", second = ""] = stripLocale(pathname).split("/").filter(Boolean);
  if (first === "careguide") return "curadelcapo";
  if (first.startsWith("inside-")) return "inside";
  if (first === "pages" && (second === "career" || second === "storelocator")) return second;
  return (COMING_SOON_FEATURES as readonly string[]).includes(first) ? (first as ComingSoonFeature) : "pages";
}

/** Login and checkout pages use the minimal auth/checkout layout. */
export function isAuthPath(pathname: string): boolean {
  const [first = ""] = stripLocale(pathname).split("/").filter(Boolean);
  return first === "login" || first === "checkout";
}
