const FALLBACK = "/";
// Any host would do: it is only there to resolve the path against and is never returned.
const BASE = "http://local.invalid";
/**
 * The longest target kept, once percent-encoded. No path of the shop comes near it, while a
 * Location header of tens of kilobytes makes proxies answer 502 (nginx's default limit for a
 * response's headers is 4 or 8 KB); browsers and crawlers also stop at a few thousand.
 */
export const MAX_REDIRECT_LENGTH = 2_048;

/**
 * Accepts only local paths as redirect targets: "/account" yes; "//evil.com", "/\\evil.com",
 * "https://evil.com", "/../x" (dot segments), anything with control characters, or anything longer
 * than MAX_REDIRECT_LENGTH once encoded no (→ the fallback). The path comes
 * back percent-encoded ("/€" → "/%E2%82%AC", what already is encoded stays), as a Location
 * header must be: it holds bytes, and a character above U+00FF would make it throw.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = FALLBACK): string {
  // Encoding never shortens a target: one too long as written is refused before parsing it.
  if (typeof target !== "string" || !target || target.length > MAX_REDIRECT_LENGTH) return fallback;
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
  if (url.origin !== BASE || local.startsWith("//") || local.length > MAX_REDIRECT_LENGTH) return fallback;
  return local;
}
