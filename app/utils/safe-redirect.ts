const FALLBACK = "/";

/**
 * Accepts only local paths as redirect targets: "/account" yes; "//evil.com", "/\\evil.com",
 * "https://evil.com" or anything with control characters no (→ the fallback).
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = FALLBACK): string {
  if (typeof target !== "string" || !target) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\p{Cc}\\]/u.test(target)) return fallback;
  return target;
}
