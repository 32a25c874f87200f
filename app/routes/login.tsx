import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard } from "~/components/account/auth-card";
import { SocialLogin } from "~/components/account/social-login";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, EmailField, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { PasswordField } from "~/components/account/account-fields";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { LoginSchema } from "~/modules/account/account.schema";
import { authenticate, signIn } from "~/modules/account/account.service.server";
import { leaveLoginPageIfSignedIn, redirectAfterLogin } from "./login-redirect.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";

const HIDDEN = ["password"];

export async function loader({ context, request }: Route.LoaderArgs) {
  await leaveLoginPageIfSignedIn(context, request);
  const { env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  const target = new URL(request.url).searchParams.get("redirectTo");
  return {
    socialProviders: env.socialProviders.map(({ id, name }) => ({ id, name })),
    title: t("login.title"),
    description: t("meta.login"),
    path: href("/login"),
    origin: env.PUBLIC_URL,
    redirectTo: target ? safeRedirect(target) : null,
    page: { isAuth: true },
    texts: pickTexts(locale, ["account"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, session } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), LoginSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: HIDDEN });
  let userId: number;
  try {
    userId = await authenticate(db, { ...submission.value, clientIp });
  } catch (error) {
    return formError(submission, error, { hideFields: HIDDEN });
  }
  await signIn(db, session, userId);
  await session.addFlash({ kind: "success", key: "account:login.success" });
  throw await redirectAfterLogin(context, request, submission.value.redirectTo);
}

export const headers = privatePageHeaders;

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("login", actionData?.result, ["email", "password"], formRef);
  const pending = useNavigation().state === "submitting";
  const registerHref = href("/login/register") + (loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "");
  return (
    <AuthCard
      title={t("login.title")}
      intro={t("login.intro")}
      aside={
        <section aria-labelledby="register-title" className="self-start border border-line p-6 desk:p-10">
          <h2 id="register-title" className="mb-3 text-3xl">
            {t("login.newTitle")}
          </h2>
          <p className="mb-6 text-stone">{t("login.newIntro")}</p>
          <Link to={registerHref} className="btn btn-secondary">
            {t("login.register")}
          </Link>
        </section>
      }
    >
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <FormErrors kit={kit} />
        <EmailField kit={kit} label={t("login.email")} />
        <PasswordField kit={kit} name="password" label={t("login.password")} autoComplete="current-password" />
        <p>
          <Link to={href("/login/lost-password")} className="link text-sm">
            {t("login.lostPassword")}
          </Link>
        </p>
        <SubmitButton pending={pending} pendingLabel={t("login.submitting")} className="btn btn-primary w-full">
          {t("login.submit")}
        </SubmitButton>
      </Form>
      <SocialLogin providers={loaderData.socialProviders} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
