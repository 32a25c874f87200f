import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-personal";
import { PasswordField } from "~/components/account/account-fields";
import { CheckoutFrame } from "~/components/checkout/checkout-frame";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, EmailField, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { LoginSchema } from "~/modules/account/account.schema";
import { authenticate, continueAsGuest, getAccount, signIn } from "~/modules/account/account.service.server";
import { getBagCount } from "~/modules/bag/bag.service.server";
import { readLoginRedirect, redirectAfterLogin } from "./login-redirect.server";
import { PersonalInfoSchema } from "~/modules/checkout/checkout.schema";
import { STEP_PATHS } from "~/modules/checkout/checkout-steps";
import { getCheckout, savePersonalInfo } from "~/modules/checkout/checkout.service.server";
import { stripLocale } from "~/utils/locale";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { cacheControl } from "~/utils/cache-policy";

// Checkout step Personal Info (/checkout/registrationLogin): sign in, register, or continue as a
// guest with an email and a name. Spec §2 sends a signed-in shopper on from here to the stored
// login-redirect target; with a bag under checkout the page is the step itself (issue 37): the
// steps' links and back buttons lead here, an account holder sees who the order is for, and a
// guest finds the details given and can correct them (a mistyped e-mail). With no bag, the
// spec's redirect stands.

/** Where the step's forms go once done: the stored target when it is a checkout step, else the shipping step. */
async function nextTarget(context: Route.LoaderArgs["context"], request: Request): Promise<string> {
  const { href } = getRequestContext(context);
  const stored = await readLoginRedirect(context, request);
  return stored && stripLocale(stored.split("?")[0]).startsWith("/checkout") ? stored : href(STEP_PATHS.shipping);
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns, href, shopper, session, bagId } = getRequestContext(context);
  const inCheckout = (await getBagCount(db, bagId)) > 0;
  if (!inCheckout && shopper.kind !== "anonymous") throw await redirectAfterLogin(context, request);
  const checkout = await getCheckout(db, bagId);
  const account = shopper.kind === "account" ? await getAccount(db, shopper.userId) : null;
  const t = tns("checkout");
  return data(
    {
      account: account ? { email: account.email, firstName: account.firstName, lastName: account.lastName } : null,
      guest: { email: checkout?.contact?.email ?? session.guestEmail ?? "", firstName: checkout?.contact?.firstName ?? "", lastName: checkout?.contact?.lastName ?? "" },
      title: t("personal.title"),
      metaTitle: t("meta.personal"),
      path: href(STEP_PATHS.registrationLogin),
      next: href(STEP_PATHS.shipping),
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true, prevStep: href("/cart"), prevStepLabel: t("back.cart") },
      texts: pickTexts(locale, ["account", "checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

const HIDDEN = ["password"];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, clientIp } = getRequestContext(context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "login") {
    const submission = parseForm(formData, LoginSchema);
    if (submission.status !== "success") return data({ intent, ...invalidForm(submission, { hideFields: HIDDEN }).data }, { status: 400 });
    try {
      const userId = await authenticate(db, { ...submission.value, clientIp });
      await signIn(db, session, userId);
    } catch (error) {
      const answer = formError(submission, error, { hideFields: HIDDEN });
      return data({ intent, ...answer.data }, { status: answer.init?.status ?? 400, headers: answer.init?.headers });
    }
    await session.addFlash({ kind: "success", key: "account:login.success" });
    throw await redirectAfterLogin(context, request, await nextTarget(context, request));
  }
  if (intent === "guest") {
    const submission = parseForm(formData, PersonalInfoSchema);
    if (submission.status !== "success") return data({ intent, ...invalidForm(submission).data }, { status: 400 });
    await continueAsGuest(db, session, { email: submission.value.email, bagId: getRequestContext(context).bagId });
    if (session.cartId !== null) await savePersonalInfo(db, session.cartId, submission.value);
    throw redirect(await nextTarget(context, request), 303);
  }
  throw data({ message: "Unknown intent." }, { status: 400 });
}

export const headers = privatePageHeaders;

export default function CheckoutPersonal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { href } = useLocale();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const loginRef = useFormRef();
  const guestRef = useFormRef();
  const login = useFormKit("checkout-login", actionData?.intent === "login" ? actionData.result : undefined, ["email", "password"], loginRef);
  const guestKit = useFormKit("checkout-guest", actionData?.intent === "guest" ? actionData.result : undefined, ["email", "firstName", "lastName"], guestRef);
  const answered = actionData?.intent === "guest";
  const guest = { ...guestKit, value: (name: string) => (answered ? guestKit.value(name) : (loaderData.guest[name as keyof typeof loaderData.guest] ?? "")) };
  const target = encodeURIComponent(href(STEP_PATHS.shipping));
  if (loaderData.account) {
    const { account } = loaderData;
    return (
      <CheckoutFrame step="personal" title={t("personal.title")}>
        <section aria-labelledby="account-title" className="max-w-xl bg-paper p-6 shadow-sm">
          <h2 id="account-title" className="mb-2 text-2xl">
            {t("personal.accountTitle")}
          </h2>{" "}
          <p className="mb-5 text-sm" data-testid="personal-account">
            {`${account.firstName} ${account.lastName} · ${account.email}`}
          </p>{" "}
          <p className="mb-5 text-sm text-stone">{t("personal.accountIntro")}</p>{" "}
          <Link to={loaderData.next} className="btn btn-primary">
            {t("personal.accountContinue")}
          </Link>
        </section>
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame step="personal" title={t("personal.title")} intro={t("personal.intro")}>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="guest-title" className="bg-paper p-6 shadow-sm">
          <h2 id="guest-title" className="mb-2 text-2xl">
            {t("personal.guestTitle")}
          </h2>
          <p className="mb-5 text-sm text-stone">{t("personal.guestIntro")}</p>
          <Form method="post" ref={guestRef} noValidate={guest.hydrated} className="space-y-5" aria-labelledby="guest-title">
            <input type="hidden" name="intent" value="guest" />
            <FormErrors kit={guest} />
            <EmailField kit={guest} label={t("personal.guestEmail")} />
            <TextField kit={guest} name="firstName" label={t("personal.firstName")} autoComplete="given-name" required maxLength={100} />
            <TextField kit={guest} name="lastName" label={t("personal.lastName")} autoComplete="family-name" required maxLength={100} />
            <SubmitButton pending={busy("guest")} pendingLabel={t("personal.guestSubmitting")} className="btn btn-primary w-full">
              {t("personal.guestSubmit")}
            </SubmitButton>
          </Form>
        </section>
        <div className="grid content-start gap-8">
          <section aria-labelledby="login-title" className="border border-line p-6">
            <h2 id="login-title" className="mb-5 text-2xl">
              {t("personal.loginTitle")}
            </h2>
            <Form method="post" ref={loginRef} noValidate={login.hydrated} className="space-y-5" aria-labelledby="login-title">
              <input type="hidden" name="intent" value="login" />
              <FormErrors kit={login} />
              <EmailField kit={login} label={t("personal.email")} />
              <PasswordField kit={login} name="password" label={t("personal.password")} autoComplete="current-password" />
              <p>
                <Link to={href("/login/lost-password")} className="link text-sm">
                  {t("personal.lostPassword")}
                </Link>
              </p>
              <SubmitButton pending={busy("login")} pendingLabel={t("personal.loginSubmitting")} className="btn btn-secondary w-full">
                {t("personal.loginSubmit")}
              </SubmitButton>
            </Form>
          </section>
          <section aria-labelledby="register-title" className="border border-line p-6">
            <h2 id="register-title" className="mb-2 text-2xl">
              {t("personal.registerTitle")}
            </h2>
            <p className="mb-5 text-sm text-stone">{t("personal.registerIntro")}</p>
            <Link to={`${href("/login/register")}?redirectTo=${target}`} className="btn btn-secondary">
              {t("personal.register")}
            </Link>
          </section>
        </div>
      </div>
    </CheckoutFrame>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.metaTitle} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
