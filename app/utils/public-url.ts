// The shop's public URL (PUBLIC_URL): whether it is served over https, and absolute URLs of
// its paths (canonical links, e-mails, sitemaps).

/** True when the shop's public URL is https (Secure cookies, HSTS). */
export function publicUrlIsHttps(publicUrl: string): boolean {
  return publicUrl.startsWith("https://");
}

/** `path` (a local path, with query or fragment) as an absolute URL on the shop's public origin. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}
