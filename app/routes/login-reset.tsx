import { redirect } from "react-router";
import type { Route } from "./+types/login-reset";
import { TokenLinkForm, TokenLinkMessage } from "~/components/account/token-link";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { PasswordField } from "~/components/account/account-fields";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { ResetPasswordSchema } from "~/modules/account/account.schema";
import { isResetTokenLive, resetPassword } from "~/modules/account/account.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { ACCOUNT_TOKEN } from "~/utils/token-link";
import { readLinkToken, tokenLinkPage } from "~/utils/token-link.server";
import { pageHeaders } from "~/utils/cache-policy";

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  const link = await readLinkToken(request, (token) => isResetTokenLive(db, token), ACCOUNT_TOKEN);
  // A stale link's page answers 200 here (the others 410), as it always has.
  return tokenLinkPage(
    link,
    {
      title: t("reset.title"),
      description: t("meta.reset"),
      path: href("/login/reset"),
      origin: env.PUBLIC_URL,
      page: { isAuth: true, prevStep: href("/login") },
      texts: pickTexts(locale, ["account"]),
    },
    { goneStatus: 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), ResetPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: HIDDEN });
  try {
    await resetPassword(db, submission.value);
  } catch (error) {
    return formError(submission, error, { hideFields: HIDDEN });
  }
  // Every session of the account has ended, this browser's too if it was one: sign in anew.
  await session.destroy();
  await session.addFlash({ kind: "success", key: "account:reset.success" });
  throw redirect(href("/login"));
}

// The token is in the address: no cache may keep the page, and no link to another site may pass
// it on. (Not "no-referrer": with it a browser sends "Origin: null" on the page's own form post,
// which the same-origin check rightly refuses.)
export const headers = pageHeaders("private", { extra: { "Referrer-Policy": "same-origin" } });

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("reset", actionData?.result, ["password", "confirmPassword"], formRef);
  if (!loaderData.token) {
    return <TokenLinkMessage title={t("reset.title")} tone="alert" message={t("reset.invalid")} to={href("/login/lost-password")} label={t("reset.requestNew")} />;
  }
  return (
    <TokenLinkForm title={t("reset.title")} intro={t("reset.intro")} token={loaderData.token} submit={t("reset.submit")} submitting={t("reset.submitting")} formRef={formRef} noValidate={kit.hydrated}>
      <FormErrors kit={kit} />
      <PasswordField kit={kit} name="password" label={t("reset.password")} hint={t("register.passwordHint")} autoComplete="new-password" />
      <PasswordField kit={kit} name="confirmPassword" label={t("reset.confirmPassword")} autoComplete="new-password" />
    </TokenLinkForm>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
