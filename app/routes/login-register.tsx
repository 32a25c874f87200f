import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/login-register";
import { AuthCard } from "~/components/account/auth-card";
import { SocialLogin } from "~/components/account/social-login";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, CheckboxField, controlProps, EmailField, FormErrors, PrivacyConsentField, TextField, useFormKit, useFormRef, FieldError } from "~/components/ui/form-kit";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { FiscalCodeField, PasswordField, RadioGroupField } from "~/components/account/account-fields";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { registerSchema } from "~/modules/account/account.schema";
import { registerAccount, signIn } from "~/modules/account/account.service.server";
import { leaveLoginPageIfSignedIn, redirectAfterLogin } from "./login-redirect.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formError, honeypotValue, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";

const HIDDEN = ["password", "confirmPassword"];
const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "fiscalCode", "birthDay", "birthMonth", "birthYear", "gender", "interests", "privacy"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  await leaveLoginPageIfSignedIn(context, request);
  const { db, env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  const target = new URL(request.url).searchParams.get("redirectTo");
  return {
    socialProviders: env.socialProviders.map(({ id, name }) => ({ id, name })),
    title: t("register.title"),
    description: t("meta.register"),
    path: href("/login/register"),
    origin: env.PUBLIC_URL,
    minimumAge: (await getShopSettings(db)).minimumAge,
    redirectTo: target ? safeRedirect(target) : null,
    page: { isAuth: true, prevStep: href("/login") },
    texts: pickTexts(locale, ["account"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, locale, session, publicUrl, href } = getRequestContext(context);
  const formData = await readFormData(request);
  const { minimumAge } = await getShopSettings(db);
  const submission = parseForm(formData, registerSchema({ minimumAge, today: new Date().toISOString().slice(0, 10) }));
  if (submission.status !== "success") return invalidForm(submission, { hideFields: HIDDEN });
  let userId: number | null;
  try {
    userId = await registerAccount(db, {
      ...submission.value,
      locale,
      clientIp,
      honeypot: honeypotValue(formData),
      accountUrl: publicUrl.absolute(href("/account")),
      confirmUrl: (token) => publicUrl.absolute(`${href("/account/confirm-email")}?token=${token}`),
    });
  } catch (error) {
    return formError(submission, error, { hideFields: HIDDEN });
  }
  // A filled honeypot: a bot, answered with the home page and no account.
  if (userId === null) throw await redirectAfterLogin(context, request, href("/"));
  await signIn(db, session, userId);
  await session.addFlash({ kind: "success", key: "account:register.success" });
  const target = formData.get("redirectTo");
  throw await redirectAfterLogin(context, request, typeof target === "string" ? target : null);
}

export const headers = privatePageHeaders;

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("register", actionData?.result, FIELDS, formRef);
  const pending = useNavigation().state === "submitting";
  const birthdayErrors = [...(kit.errors("birthDay") ?? []), ...(kit.errors("birthMonth") ?? []), ...(kit.errors("birthYear") ?? [])];
  const dateInput = (name: "birthDay" | "birthMonth" | "birthYear", label: string, size: number, autoComplete: string) => (
    <div>
      <label htmlFor={`register-${name}`} className="mb-1 block text-xs text-stone">
        {label}
      </label>
      <input
        {...controlProps(kit, name)}
        aria-describedby="register-birthday-hint register-birthday-error"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={size}
        required
        defaultValue={kit.value(name)}
        className="field-input"
      />
    </div>
  );
  return (
    <AuthCard title={t("register.title")} intro={t("register.intro")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <HoneypotField />
        <FormErrors kit={kit} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField kit={kit} name="firstName" label={t("register.firstName")} autoComplete="given-name" required maxLength={100} />
          <TextField kit={kit} name="lastName" label={t("register.lastName")} autoComplete="family-name" required maxLength={100} />
        </div>
        <EmailField kit={kit} label={t("register.email")} />
        <PasswordField kit={kit} name="password" label={t("register.password")} hint={t("register.passwordHint")} autoComplete="new-password" />
        <PasswordField kit={kit} name="confirmPassword" label={t("register.confirmPassword")} autoComplete="new-password" />
        <FiscalCodeField kit={kit} label={t("register.fiscalCode")} hint={t("register.fiscalCodeHint")} />
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium">{t("register.birthday")}</legend>
          <div className="grid max-w-xs grid-cols-[1fr_1fr_1.5fr] gap-3">
            {dateInput("birthDay", t("register.day"), 2, "bday-day")}
            {dateInput("birthMonth", t("register.month"), 2, "bday-month")}
            {dateInput("birthYear", t("register.year"), 4, "bday-year")}
          </div>
          <p id="register-birthday-hint" className="mt-1 text-sm text-stone">
            {t("register.birthdayHint", { age: loaderData.minimumAge })}
          </p>
          <FieldError id="register-birthday-error" errors={birthdayErrors.length ? [...new Set(birthdayErrors)] : undefined} />
        </fieldset>
        <RadioGroupField
          kit={kit}
          name="gender"
          legend={t("register.gender")}
          options={[
            { value: "female", label: t("register.female") },
            { value: "male", label: t("register.male") },
            { value: "", label: t("register.genderNone") },
          ]}
        />
        <RadioGroupField
          kit={kit}
          name="interests"
          legend={t("register.interests")}
          required
          options={[
            { value: "woman", label: t("register.woman") },
            { value: "man", label: t("register.man") },
            { value: "both", label: t("register.both") },
          ]}
        />
        <PrivacyConsentField kit={kit} />
        <CheckboxField kit={kit} name="newsletter" label={t("register.newsletter")} />
        <SubmitButton pending={pending} pendingLabel={t("register.submitting")} className="btn btn-primary w-full">
          {t("register.submit")}
        </SubmitButton>
        <p className="text-sm">
          {t("register.haveAccount")}{" "}
          <Link to={href("/login")} className="link">
            {t("register.login")}
          </Link>
        </p>
      </Form>
      <SocialLogin providers={loaderData.socialProviders} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
