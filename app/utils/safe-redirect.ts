const FALLBACK = "/";
// Any host would do: it is only there to resolve the path against and is never returned.
const BASE = "http://local.invalid";

/**
 * Accepts only local paths as redirect targets: "/account" yes; "//evil.com", "/\\evil.com",
 * "https://evil.com", "/../x" (dot segments) or anything with control characters no (→ the fallback). The path comes
 * back percent-encoded ("/€" → "/%E2%82%AC", what already is encoded stays), as a Location
 * header must be: it holds bytes, and a character above U+00FF would make it throw.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = FALLBACK): string {
  if (typeof target !== "string" || !target) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\p{Cc}\\]/u.test(target)) return fallback;
  // No dot segments ("/../x", "/./x", "/%2e%2e/x"): a target means the path it names, as written.
  if (/(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  const local = url.pathname + url.search + url.hash;
  // Dot segments may collapse into a new leading "//" ("/.//evil.com" → "//evil.com").
  if (url.origin !== BASE || local.startsWith("//")) return fallback;
  return local;
}
