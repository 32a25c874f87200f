// What an answer kept in memory needs to be sent well: the coding the client takes, and whether
// the client's own copy is still current (a 304). Used by the sitemaps and the page cache.

export type Coding = "br" | "gzip" | "identity";

/** The coding to send: the highest q among Brotli, gzip and none (Brotli first on a tie); null when none is acceptable. */
export function pickCoding(acceptEncoding: string | null | undefined): Coding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [token, ...params] = part.split(";").map((p) => p.trim());
    if (!token) continue;
    // A malformed weight (q=abc) counts as a refusal.
    const value = params.map((p) => /^q\s*=\s*(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = value === undefined ? 1 : /^[\d.]+$/.test(value) ? Number(value) : 0;
    q.set(token, Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0);
  }
  // No coding is acceptable by default unless excluded (RFC 9110 §12.5.3), but ranks below any
  // compression the client names.
  const weight = (coding: string) => q.get(coding) ?? q.get("*") ?? (coding === "identity" ? 0.001 : 0);
  const ranked = (["br", "gzip", "identity"] as const).map((coding) => ({ coding, q: weight(coding) })).filter((c) => c.q > 0);
  if (!ranked.length) return null;
  return ranked.reduce((best, c) => (c.q > best.q ? c : best)).coding;
}

/**
 * True when the client's copy is current: If-None-Match first (any of `tags`, the answer's tag in
 * each coding, weakly compared), else If-Modified-Since against `lastModified`.
 */
export function isNotModified(
  { ifNoneMatch, ifModifiedSince }: { ifNoneMatch: string | null | undefined; ifModifiedSince: string | null | undefined },
  tags: readonly string[],
  lastModified: Date | null,
): boolean {
  if (ifNoneMatch !== null && ifNoneMatch !== undefined) {
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || tags.includes(t.replace(/^W\//, ""));
    });
  }
  const since = Date.parse(ifModifiedSince ?? "");
  return lastModified !== null && Number.isFinite(since) && lastModified.getTime() <= since;
}
