import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-reset";
import { AuthCard } from "~/components/account/auth-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { PasswordField } from "~/components/account/account-fields";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { ResetPasswordSchema } from "~/modules/account/account.schema";
import { isResetTokenLive, resetPassword } from "~/modules/account/account.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { pageHeaders } from "~/utils/cache-policy";

const HIDDEN = ["password", "confirmPassword"];
const TOKEN = /^[\w-]{20,100}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = TOKEN.test(token) && (await isResetTokenLive(db, token));
  return {
    title: t("reset.title"),
    description: t("meta.reset"),
    path: href("/login/reset"),
    origin: env.PUBLIC_URL,
    token: valid ? token : null,
    page: { isAuth: true, prevStep: href("/login") },
    texts: pickTexts(locale, ["account"]),
  };
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
  const pending = useNavigation().state === "submitting";
  if (!loaderData.token) {
    return (
      <AuthCard title={t("reset.title")}>
        <p role="alert" className="mb-6 text-sale">
          {t("reset.invalid")}
        </p>
        <Link to={href("/login/lost-password")} className="btn btn-primary">
          {t("reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} intro={t("reset.intro")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrors kit={kit} />
        <PasswordField kit={kit} name="password" label={t("reset.password")} hint={t("register.passwordHint")} autoComplete="new-password" />
        <PasswordField kit={kit} name="confirmPassword" label={t("reset.confirmPassword")} autoComplete="new-password" />
        <SubmitButton pending={pending} pendingLabel={t("reset.submitting")} className="btn btn-primary w-full">
          {t("reset.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
