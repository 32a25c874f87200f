// The shop's Content-Security-Policy, in one place for both halves of the server: server.ts
// sends it with a fresh nonce on every response, and the page cache (page-cache.server.ts) with
// the hashes of a cached page's inline scripts and styles instead (docs/decisions/028).
import type { Env } from "~/utils/env.server";

/** What may run inline: `'nonce-…'` or `'sha256-…'` source expressions. */
export interface InlineSources {
  script: readonly string[];
  style: readonly string[];
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`;

/** The policy for a response whose inline scripts and styles are allowed by `sources`. */
export function contentSecurityPolicyFor(env: Env): (sources: InlineSources) => string {
  const isProduction = env.NODE_ENV === "production";
  const shopHosts = [env.IT_SHOP_HOST, env.EU_SHOP_HOST]
    .map((host) => {
      try {
        return new URL(host).origin;
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const socialLoginOrigins = [...new Set(env.socialProviders.map((provider) => provider.issuer.origin))];
  // The review's order button is answered with a redirect to the payment provider's hosted page.
  const paymentOrigins = env.PAYMENT_PROVIDER === "stripe" ? ["https://checkout.stripe.com"] : [];
  // The country chooser posts across the shop hosts; a social-login button's post is answered
  // with a redirect to the provider, which form-action governs too.
  const formAction = `form-action 'self' ${[...shopHosts, ...socialLoginOrigins, ...paymentOrigins].join(" ")}`.trim();
  return ({ script, style }) =>
    [
      "default-src 'self'",
      ["script-src 'self'", ...script].join(" "),
      // No inline style but the one React hoists (docs/decisions/019); Vite's development server
      // injects its CSS as style elements.
      isProduction ? ["style-src 'self'", ...style].join(" ") : "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      isProduction ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
      "object-src 'none'",
      "base-uri 'self'",
      formAction,
      "frame-ancestors 'none'",
    ].join("; ");
}
