import type { Route } from "./+types/api.auth.social-callback";
import { getRequestContext } from "~/middleware/request-context.server";
import { loginPageFor, loginTarget, readLoginRedirect, redirectAfterLogin } from "./login-redirect.server";
import { completeSocialLogin, SOCIAL_CALLBACK_PATH, SocialLoginError } from "~/modules/account/social-login.server";
import { socialNoticeOf, withUrlNotice } from "~/modules/session/url-notice";
import { localizePath } from "~/utils/locale";
import { cacheControl } from "~/utils/cache-policy";

// GET /api/auth/socialLogin/callback: where the OpenID provider sends the shopper back (the
// redirect URI registered there). Signs the session in and goes on to the login target, or back to
// the login page with the reason as a notice. Every answer is a redirect: nothing here is a page.
// The notice travels in the redirect's address (url-notice.ts), not in the session: a GET adds
// nothing to the session but the sign-in itself.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, session, env, publicUrl } = getRequestContext(context);
  const callbackUrl = publicUrl.absolute(SOCIAL_CALLBACK_PATH);
  const currentUrl = new URL(callbackUrl);
  currentUrl.search = new URL(request.url).search;
  try {
    const { redirectTo, locale } = await completeSocialLogin(db, session, {
      providers: env.socialProviders,
      currentUrl,
      callbackUrl,
      accountUrl: (locale) => publicUrl.absolute(localizePath("/account", locale)),
    });
    // The callback's path has no language: the flow's language decides the home page.
    const target = await loginTarget(context, request, redirectTo ?? (await readLoginRedirect(context, request)) ?? localizePath("/", locale));
    return await redirectAfterLogin(context, request, withUrlNotice(target, "signed-in"));
  } catch (error) {
    if (!(error instanceof SocialLoginError)) throw error;
    const Location = withUrlNotice(loginPageFor(error.flow?.locale ?? "it", error.flow?.redirectTo), socialNoticeOf(error.code));
    return new Response(null, { status: 303, headers: { Location, ...cacheControl("private") } });
  }
}
