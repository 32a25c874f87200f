// A real OpenID Connect provider for the social-login tests (oidc-provider, the certified
// implementation). Its development sign-in page accepts any login and password; the login is the
// person's email, verified unless it starts with "unverified". Consent is implied, as at a
// provider the shopper used before. Used in-process by the service tests
// (app/modules/account/social-login.test.ts) and run as a program beside the end-to-end shop
// (playwright.config.ts: `node tests/support/oidc-provider.mjs`, port OIDC_PORT).
import http from "node:http";
import { pathToFileURL } from "node:url";
import Provider from "oidc-provider";

export const CLIENT_ID = "bottega-e2e";
export const CLIENT_SECRET = "bottega-e2e-secret";

/** Starts a provider on `port` (0: any free one). Resolves to its issuer URL and a close function. */
export async function startOidcProvider({ port = 0, redirectUris }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, resolve));
  const issuer = `http://localhost:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    scopes: ["openid", "email", "profile"],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["bottega-test-oidc-cookie-key"] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: `sub-${id}`, email: id, email_verified: !id.startsWith("unverified"), given_name: "Giulia", family_name: "Esterna", name: "Giulia Esterna" };
        },
      };
    },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const shop = process.env.SHOP_URL ?? "http://localhost:3210";
  const { issuer, close } = await startOidcProvider({ port: Number(process.env.OIDC_PORT ?? 3211), redirectUris: [`${shop}/api/auth/socialLogin/callback`] });
  console.log(`[oidc-provider] ${issuer}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => close().then(() => process.exit(0)));
}
