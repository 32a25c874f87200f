// The shop's public origin (PUBLIC_URL) is the one place that says whether the shop is served
// over https and what its absolute URLs look like; nothing else derives it from the request,
// whose Host a proxy may rewrite.

/** True when the shop is served over https (cookies get Secure, responses HSTS). */
export function publicUrlIsHttps(publicUrl: string): boolean {
  return publicUrl.startsWith("https://");
}

/** The origin without a trailing slash: "https://shop.example". */
export function publicOrigin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, "");
}

/** `path` (a local path, with query or fragment) as an absolute URL on the shop's public origin. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}
