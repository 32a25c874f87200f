import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-lost-password";
import { AuthCard } from "~/components/account/auth-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, EmailField, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { LostPasswordSchema } from "~/modules/account/account.schema";
import { requestPasswordReset } from "~/modules/account/account.service.server";
import { formError, honeypotValue, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const { env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  return {
    title: t("lost.title"),
    description: t("meta.lost"),
    path: href("/login/lost-password"),
    origin: env.PUBLIC_URL,
    page: { isAuth: true, prevStep: href("/login") },
    texts: pickTexts(locale, ["account"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, locale, publicUrl, session, href } = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseForm(formData, LostPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await requestPasswordReset(db, {
      email: submission.value.email,
      locale,
      clientIp,
      honeypot: honeypotValue(formData),
      resetUrl: (token) => publicUrl.absolute(`${href("/login/reset")}?token=${token}`),
    });
  } catch (error) {
    return formError(submission, error);
  }
  // The same answer whether or not the address holds an account; post-redirect-get, so a
  // refresh sends no second e-mail.
  await session.addFlash({ kind: "success", key: "account:lost.sent" });
  throw redirect(href("/login/lost-password"), 303);
}

export const headers = privatePageHeaders;

export default function LostPasswordPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("lost-password", actionData?.result, ["email"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title={t("lost.title")} intro={t("lost.intro")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        <HoneypotField />
        <FormErrors kit={kit} />
        <EmailField kit={kit} label={t("login.email")} />
        <SubmitButton pending={pending} pendingLabel={t("lost.submitting")} className="btn btn-primary w-full">
          {t("lost.submit")}
        </SubmitButton>
        <p className="text-sm">
          <Link to={href("/login")} className="link">
            {t("lost.back")}
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
