import type { Route } from "./+types/api.auth";
import { getRequestContext } from "~/middleware/request-context.server";
import { LoginSchema, LostPasswordSchema, registerSchema, ResetPasswordSchema } from "~/modules/account/account.schema";
import { authenticate, getAccount, registerAccount, requestPasswordReset, resetPassword, signIn, signOut } from "~/modules/account/account.service.server";
import { loginPageFor, loginTarget } from "./login-redirect.server";
import { beginSocialLogin, SOCIAL_CALLBACK_PATH } from "~/modules/account/social-login.server";
import { isDomainError } from "~/utils/domain-error";
import { readFormData } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { apiMessage, bodyHoneypot, bodyLocale, jsonError, methodNotAllowed, readJsonObject, requestLocale, unknownOperation, validationErrorResponse } from "~/utils/json-api.server";
import { serverText } from "~/i18n/texts.server";
import { isLocale } from "~/utils/locale";
import { cacheControl } from "~/utils/cache-policy";

// The auth calls of spec §7 as JSON, for the same session cookie and through the same services
// as the /login pages: GET autoLogin; POST login, register, lost-password, reset, logout,
// socialLogin. Shapes in docs/api.md.

const POST_OPERATIONS = new Set(["login", "register", "lost-password", "reset", "logout", "socialLogin"]);
const noStore = cacheControl("private");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (params.operation === "autoLogin") {
    const { db, shopper, session } = getRequestContext(context);
    if (shopper.kind === "account") {
      const account = await getAccount(db, shopper.userId);
      if (account) return Response.json({ user: { ...account, guest: false } }, { headers: noStore });
    }
    // A guest who continued at checkout with an email (spec §3: the user object with guest).
    if (shopper.kind === "guest") return Response.json({ user: { email: session.guestEmail, guest: true } }, { headers: noStore });
    // Spec §4: auto-login fails silently; the client reads the 401 as "not logged in".
    return Response.json({ message: serverText(requestLocale(request), "api:notLoggedIn"), user: null }, { status: 401, headers: noStore });
  }
  if (POST_OPERATIONS.has(params.operation)) return methodNotAllowed({ request });
  return unknownOperation(request);
}

/** JSON clients may send the birthday's parts as numbers: the form's schema reads strings. */
function asStrings(body: Record<string, unknown>, names: string[]): Record<string, unknown> {
  const copy = { ...body };
  for (const name of names) if (typeof copy[name] === "number") copy[name] = String(copy[name]);
  return copy;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (params.operation === "autoLogin") return methodNotAllowed({ request }, "GET");
  if (!POST_OPERATIONS.has(params.operation)) return unknownOperation(request);
  if (request.method !== "POST") return methodNotAllowed({ request });
  const ctx = getRequestContext(context);
  const { db, session, clientIp, publicUrl } = ctx;

  if (params.operation === "logout") {
    await signOut(session);
    return apiMessage(requestLocale(request), "loggedOut", { headers: noStore });
  }
  if (params.operation === "socialLogin") return startSocialLogin(request, context);

  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const href = (path: string) => (locale === "en" ? `/en${path === "/" ? "" : path}` : path);
  const redirectTo = typeof body.redirectTo === "string" ? body.redirectTo : null;

  try {
    switch (params.operation) {
      case "login": {
        const parsed = LoginSchema.safeParse(body);
        if (!parsed.success) return validationErrorResponse(parsed.error, locale);
        const userId = await authenticate(db, { ...parsed.data, clientIp });
        await signIn(db, session, userId);
        return Response.json({ token: true, redirect: await loginTarget(context, request, redirectTo ?? null) }, { headers: noStore });
      }
      case "register": {
        const { minimumAge } = await getShopSettings(db);
        const parsed = registerSchema({ minimumAge, today: new Date().toISOString().slice(0, 10) }).safeParse(asStrings(body, ["birthDay", "birthMonth", "birthYear"]));
        if (!parsed.success) return validationErrorResponse(parsed.error, locale);
        const userId = await registerAccount(db, {
          ...parsed.data,
          locale: isLocale(body.language) ? body.language : locale,
          clientIp,
          honeypot: bodyHoneypot(body),
          accountUrl: publicUrl.absolute(href("/account")),
          confirmUrl: (token) => publicUrl.absolute(`${href("/account/confirm-email")}?token=${token}`),
        });
        if (userId !== null) await signIn(db, session, userId);
        return Response.json({ message: serverText(locale, "account:register.success"), redirect: await loginTarget(context, request, redirectTo ?? href("/")) }, { headers: noStore });
      }
      case "lost-password": {
        const parsed = LostPasswordSchema.safeParse(body);
        if (!parsed.success) return validationErrorResponse(parsed.error, locale);
        await requestPasswordReset(db, {
          email: parsed.data.email,
          locale,
          clientIp,
          honeypot: bodyHoneypot(body),
          resetUrl: (token) => publicUrl.absolute(`${href("/login/reset")}?token=${token}`),
        });
        return Response.json({ message: serverText(locale, "account:lost.sent") }, { headers: noStore });
      }
      case "reset": {
        const parsed = ResetPasswordSchema.safeParse(body);
        if (!parsed.success) return validationErrorResponse(parsed.error, locale);
        await resetPassword(db, parsed.data);
        await session.destroy();
        return Response.json({ message: serverText(locale, "account:reset.success") }, { headers: noStore });
      }
    }
  } catch (error) {
    return jsonError(error, locale);
  }
  return unknownOperation(request);
}

/**
 * POST /api/auth/socialLogin: starts a social sign-in. The login page's buttons are plain forms
 * posting here (provider, language, redirectTo): they are answered with a 303 to the provider, or,
 * on failure, back to the login page with the error as a notice. A JSON call gets
 * `{ token: false, redirect }` with the provider's address to open (the token comes true only
 * from the callback, which signs the session in).
 */
async function startSocialLogin(request: Request, context: Route.ActionArgs["context"]) {
  const { db, session, clientIp, publicUrl, env } = getRequestContext(context);
  const isJson = (request.headers.get("Content-Type") ?? "").includes("application/json");
  let body: Record<string, unknown>;
  if (isJson) {
    const json = await readJsonObject(request);
    if (json instanceof Response) return json;
    body = json;
  } else {
    body = Object.fromEntries(await readFormData(request));
  }
  const locale = bodyLocale(body);
  // Anything but a local path is dropped (the stored login target applies then).
  const redirectTo = safeRedirect(typeof body.redirectTo === "string" ? body.redirectTo : null, "") || null;
  try {
    const authorizationUrl = await beginSocialLogin(db, session, {
      providers: env.socialProviders,
      providerId: body.provider,
      callbackUrl: publicUrl.absolute(SOCIAL_CALLBACK_PATH),
      redirectTo,
      locale,
      clientIp,
    });
    if (isJson) return Response.json({ token: false, redirect: authorizationUrl.href }, { headers: noStore });
    return new Response(null, { status: 303, headers: { Location: authorizationUrl.href, ...noStore } });
  } catch (error) {
    if (isJson || !isDomainError(error)) return jsonError(error, locale);
    await session.addFlash({ kind: "error", key: error.messageKey });
    return new Response(null, { status: 303, headers: { Location: loginPageFor(locale, redirectTo), ...noStore } });
  }
}
