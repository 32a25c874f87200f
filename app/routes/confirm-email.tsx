import { redirect } from "react-router";
import type { Route } from "./+types/confirm-email";
import { TokenLinkForm, TokenLinkMessage } from "~/components/account/token-link";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { confirmEmail, findEmailConfirmation } from "~/modules/account/account.service.server";
import { parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { ACCOUNT_TOKEN } from "~/utils/token-link";
import { postedToken, readLinkToken, tokenLinkPage, tokenLinkRefused, tokenLinkSchema } from "~/utils/token-link.server";
import { pageHeaders } from "~/utils/cache-policy";

const TokenFormSchema = tokenLinkSchema(ACCOUNT_TOKEN);

// The welcome e-mail's link lands here. Its GET only shows the address and a button: a mail
// scanner that follows links confirms nothing, and the POST (with the shop's Origin) does.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  const link = await readLinkToken(request, (token) => findEmailConfirmation(db, token), ACCOUNT_TOKEN);
  return tokenLinkPage(link, {
    title: t("confirmEmail.title"),
    description: t("meta.confirmEmail"),
    path: href("/account/confirm-email"),
    origin: env.PUBLIC_URL,
    email: link?.found.email ?? null,
    page: { isAuth: true, prevStep: href("/") },
    texts: pickTexts(locale, ["account"]),
  });
}

// The token is the proof: a visitor, or another account signed in, confirms with it as well.
export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), TokenFormSchema);
  let userId: number;
  try {
    userId = await confirmEmail(db, postedToken(submission, "EMAIL_CONFIRMATION_INVALID"));
  } catch (error) {
    return tokenLinkRefused(submission, error);
  }
  await session.addFlash({ kind: "success", key: "account:confirmEmail.done" });
  throw redirect(session.userId === userId ? href("/account") : href("/"), 303);
}

// The token is in the address: no cache may keep the page, and no link to another site may pass
// it on (same-origin, not no-referrer: see login-reset.tsx).
export const headers = pageHeaders("private", { extra: { "Referrer-Policy": "same-origin" } });

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  if (!loaderData.token || !loaderData.email || actionData?.result) {
    return <TokenLinkMessage title={t("confirmEmail.title")} tone="alert" message={t("errors.confirmInvalid")} to={href("/account")} label={t("confirmEmail.toAccount")} />;
  }
  return (
    <TokenLinkForm
      title={t("confirmEmail.title")}
      intro={t("confirmEmail.intro", { email: loaderData.email })}
      token={loaderData.token}
      submit={t("confirmEmail.submit")}
      submitting={t("confirmEmail.submitting")}
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
