import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, EmailField, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { AccountUsernameField, FiscalCodeField, PasswordField, RadioGroupField } from "~/components/account/account-fields";
import { OrderPictures } from "~/components/order/order-pictures";
import { OrderStatusBadges } from "~/components/order/order-status";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { ChangePasswordSchema, DeleteAccountSchema, ProfileSchema } from "~/modules/account/account.schema";
import { deleteAccount } from "~/modules/account/account-data.service.server";
import { type AccountView, changePassword, isAccountEmailProven, resendEmailConfirmation, signOut, updateProfile } from "~/modules/account/account.service.server";
import { latestAccountOrder } from "~/modules/order/order.service.server";
import { pickTexts } from "~/i18n/resources";
import { requireAccountHolder } from "./login-redirect.server";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { z } from "~/utils/zod";

const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];

/** The resend button's form has no fields: conform's submission carries its error, if any. */
const ResendConfirmationSchema = z.object({});

export async function loader({ context, request }: Route.LoaderArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db, env, locale, tns, href } = getRequestContext(context);
  const [emailConfirmed, latestOrder] = await Promise.all([isAccountEmailProven(db, userId), latestAccountOrder(db, userId, locale)]);
  return { title: tns("account")("account.title"), path: href("/account"), origin: env.PUBLIC_URL, emailConfirmed, latestOrder, texts: pickTexts(locale, ["orders"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db, session, href, locale, clientIp, publicUrl } = getRequestContext(context);
  const formData = await readFormData(request);
  const confirmUrl = (token: string) => publicUrl.absolute(`${href("/account/confirm-email")}?token=${token}`);
  const intent = formData.get("intent");
  if (intent === "logout") {
    await signOut(session);
    await session.addFlash({ kind: "success", key: "account:login.loggedOut" });
    throw redirect(href("/"));
  }
  if (intent === "profile") {
    const submission = parseForm(formData, ProfileSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await updateProfile(db, userId, { ...submission.value, locale, confirmUrl });
    } catch (error) {
      const answer = formError(submission, error);
      return data({ intent, ...answer.data }, answer.init ?? undefined);
    }
    await session.addFlash({ kind: "success", key: "account:account.profileSaved" });
    throw redirect(href("/account"), 303);
  }
  if (intent === "confirm-email") {
    const submission = parseForm(formData, ResendConfirmationSchema);
    try {
      await resendEmailConfirmation(db, userId, { locale, clientIp, confirmUrl });
    } catch (error) {
      const answer = formError(submission, error);
      return data({ intent, ...answer.data }, answer.init ?? undefined);
    }
    await session.addFlash({ kind: "success", key: "account:account.confirmationSent" });
    throw redirect(href("/account"), 303);
  }
  if (intent === "password") {
    const submission = parseForm(formData, ChangePasswordSchema);
    if (submission.status !== "success") return data({ intent, ...invalidForm(submission, { hideFields: PASSWORD_FIELDS }).data }, { status: 400 });
    try {
      await changePassword(db, session, submission.value);
    } catch (error) {
      const answer = formError(submission, error, { hideFields: PASSWORD_FIELDS });
      return data({ intent, ...answer.data }, answer.init ?? undefined);
    }
    await session.addFlash({ kind: "success", key: "account:account.passwordSaved" });
    throw redirect(href("/account"), 303);
  }
  if (intent === "delete") {
    const submission = parseForm(formData, DeleteAccountSchema);
    if (submission.status !== "success") return data({ intent, ...invalidForm(submission, { hideFields: ["password"] }).data }, { status: 400 });
    try {
      await deleteAccount(db, userId, submission.value);
    } catch (error) {
      const answer = formError(submission, error, { hideFields: ["password"] });
      return data({ intent, ...answer.data }, answer.init ?? undefined);
    }
    // The session row is gone with the account: this answer clears its cookie, the notice rides the flash cookie.
    await session.destroy();
    await session.addFlash({ kind: "success", key: "account:delete.done" });
    throw redirect(href("/"));
  }
  throw data({ message: "Unknown intent." }, { status: 400 });
}

export default function AccountOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const account = (useRouteLoaderData("account") as { account: AccountView } | undefined)?.account;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const profileRef = useFormRef();
  const passwordRef = useFormRef();
  const profileAnswer = actionData?.intent === "profile" ? actionData : undefined;
  const passwordAnswer = actionData?.intent === "password" ? actionData : undefined;
  const deleteAnswer = actionData?.intent === "delete" ? actionData : undefined;
  const confirmAnswer = actionData?.intent === "confirm-email" ? actionData : undefined;
  const confirmRef = useFormRef();
  const confirmation = useFormKit("confirm-email", confirmAnswer?.result, [], confirmRef);
  const profile = useFormKit("profile", profileAnswer?.result, ["firstName", "lastName", "email", "fiscalCode", "gender", "interests"], profileRef);
  const password = useFormKit("password", passwordAnswer?.result, PASSWORD_FIELDS, passwordRef);
  const deleteRef = useFormRef();
  const deletion = useFormKit("delete-account", deleteAnswer?.result, ["password"], deleteRef);
  const { href } = useLocale();
  if (!account) return null;
  // Before any answer the profile form shows the stored values.
  const value = (name: "firstName" | "lastName" | "email" | "fiscalCode" | "gender" | "interests") => (profileAnswer ? profile.value(name) : (account[name] ?? ""));
  const profileKit = { ...profile, value };
  return (
    <div className="grid gap-10">
      {/* The layout's greeting titles the page for the eye; this names it for a screen reader's list of headings. */}
      <h1 className="sr-only">{t("account.overviewTitle")}</h1>
      <LatestOrder order={loaderData.latestOrder} />

      <section aria-labelledby="profile-title" className="bg-paper p-6 shadow-sm desk:p-8">
        <h2 id="profile-title" className="mb-6 text-3xl">
          {t("account.profileTitle")}
        </h2>
        <Form method="post" ref={profileRef} noValidate={profile.hydrated} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="profile" />
          <div className="sm:col-span-2">
            <FormErrors kit={profileKit} />
          </div>
          <TextField kit={profileKit} name="firstName" label={t("register.firstName")} autoComplete="given-name" required maxLength={100} />
          <TextField kit={profileKit} name="lastName" label={t("register.lastName")} autoComplete="family-name" required maxLength={100} />
          <div className="sm:col-span-2">
            <EmailField kit={profileKit} label={t("register.email")} />
            <p className="mt-2 text-sm text-stone" data-email-status={loaderData.emailConfirmed ? "confirmed" : "unconfirmed"}>
              {loaderData.emailConfirmed ? t("account.emailConfirmed") : t("account.emailUnconfirmed")}
            </p>
          </div>
          <div className="sm:col-span-2">
            <FiscalCodeField kit={profileKit} label={t("register.fiscalCode")} hint={t("register.fiscalCodeHint")} />
          </div>
          <div className="sm:col-span-2">
            <RadioGroupField
              kit={profileKit}
              name="gender"
              legend={t("register.gender")}
              options={[
                { value: "female", label: t("register.female") },
                { value: "male", label: t("register.male") },
                { value: "", label: t("register.genderNone") },
              ]}
            />
          </div>
          <div className="sm:col-span-2">
            <RadioGroupField
              kit={profileKit}
              name="interests"
              legend={t("register.interests")}
              required
              options={[
                { value: "woman", label: t("register.woman") },
                { value: "man", label: t("register.man") },
                { value: "both", label: t("register.both") },
              ]}
            />
          </div>
          <div>
            <SubmitButton pending={busy === "profile"} pendingLabel={t("account.profileSaving")}>
              {t("account.profileSave")}
            </SubmitButton>
          </div>
        </Form>
      </section>

      {loaderData.emailConfirmed ? null : (
        // Its own form: a form inside the profile form is not valid HTML.
        <section aria-label={t("account.resendConfirmation")} className="bg-paper p-6 shadow-sm desk:p-8">
          <Form method="post" ref={confirmRef} className="grid gap-3">
            <input type="hidden" name="intent" value="confirm-email" />
            <FormErrors kit={confirmation} />
            <div>
              <SubmitButton pending={busy === "confirm-email"} pendingLabel={t("account.resendingConfirmation")} className="btn btn-secondary">
                {t("account.resendConfirmation")}
              </SubmitButton>
            </div>
          </Form>
        </section>
      )}

      <section aria-labelledby="password-title" className="bg-paper p-6 shadow-sm desk:p-8">
        <h2 id="password-title" className="mb-6 text-3xl">
          {t("account.passwordTitle")}
        </h2>
        {account.hasPassword ? (
          <Form method="post" ref={passwordRef} noValidate={password.hydrated} className="grid max-w-md gap-5">
            <input type="hidden" name="intent" value="password" />
            <AccountUsernameField id="password-username" email={account.email} label={t("account.username")} />
            <FormErrors kit={password} />
            <PasswordField kit={password} name="currentPassword" label={t("account.currentPassword")} autoComplete="current-password" />
            <PasswordField kit={password} name="password" label={t("account.newPassword")} hint={t("register.passwordHint")} autoComplete="new-password" />
            <PasswordField kit={password} name="confirmPassword" label={t("account.confirmPassword")} autoComplete="new-password" />
            <div>
              <SubmitButton pending={busy === "password"} pendingLabel={t("account.passwordSaving")}>
                {t("account.passwordSave")}
              </SubmitButton>
            </div>
          </Form>
        ) : (
          // An account made through social login has no password: it can get one by e-mail,
          // which proves the address again (no password to confirm the change with here).
          <p className="max-w-prose text-stone">
            {t("account.noPassword")}{" "}
            <Link to={href("/login/lost-password")} className="link">
              {t("account.choosePassword")}
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="export-title" className="bg-paper p-6 shadow-sm desk:p-8">
        <h2 id="export-title" className="mb-3 text-3xl">
          {t("export.title")}
        </h2>
        <p className="mb-5 max-w-prose text-stone">{t("export.intro")}</p>
        {/* A file, not a page: a plain link (reloadDocument) lets the browser download it. */}
        <Link to={href("/account/export")} reloadDocument className="btn btn-secondary">
          {t("export.link")}
        </Link>
      </section>

      <section aria-labelledby="delete-title" className="border border-sale/40 p-6 desk:p-8">
        <h2 id="delete-title" className="mb-3 text-3xl">
          {t("delete.title")}
        </h2>
        <p className="mb-5 max-w-prose text-stone">{t("delete.intro")}</p>
        <Form method="post" ref={deleteRef} noValidate={deletion.hydrated} className="grid max-w-md gap-5">
          <input type="hidden" name="intent" value="delete" />
          <AccountUsernameField id="delete-username" email={account.email} label={t("account.username")} />
          <FormErrors kit={deletion} />
          {account.hasPassword ? (
            <PasswordField kit={deletion} name="password" label={t("delete.password")} autoComplete="current-password" />
          ) : (
            // Without a password, typing the account's address confirms (see deleteAccount).
            <TextField kit={deletion} name="password" label={t("delete.email")} type="email" autoComplete="off" inputMode="email" required maxLength={254} />
          )}
          <div>
            <SubmitButton pending={busy === "delete"} pendingLabel={t("delete.submitting")} className="btn border border-sale bg-sale text-ivory hover:bg-ink">
              {t("delete.submit")}
            </SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

/** The latest order as a card: its pictures, number, date, statuses and total, and the way to it and to every order. */
function LatestOrder({ order }: { order: Route.ComponentProps["loaderData"]["latestOrder"] }) {
  const { t } = useTranslation("account");
  const { t: to } = useTranslation("orders");
  const { href, locale } = useLocale();
  const orderPath = order ? href(`/account/orders/${order.id}`) : "";
  return (
    <section aria-labelledby="latest-order-title" className="bg-paper p-6 shadow-sm desk:p-8" data-testid="latest-order">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 id="latest-order-title" className="text-3xl">
          {t("latestOrder.title")}
        </h2>
        {order ? (
          <Link to={href("/account/orders")} className="link inline-flex min-h-11 items-center text-sm underline">
            {t("latestOrder.all")}
          </Link>
        ) : null}
      </div>
      {order ? (
        <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-8">
          <OrderPictures pictures={order.pictures} to={orderPath} size="large" />
          <div className="space-y-3">
            <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <Link to={orderPath} className="link font-display text-2xl" aria-label={to("list.view", { number: order.number })}>
                {order.number}
              </Link>
              <span className="text-sm text-stone">{formatLongDate(order.placedAt, locale)}</span>
            </p>
            <OrderStatusBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} />
            <p className="text-sm">
              {to("list.items", { count: order.itemCount })} · <span className="amount">{formatMoney(order.totalCents, locale)}</span>
            </p>
            <Link to={orderPath} className="btn btn-secondary">
              {t("latestOrder.view")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mb-5 max-w-prose text-stone">{t("latestOrder.none")}</p>
          <Link to={href("/categories/donna")} className="btn btn-primary">
            {to("list.emptyCta")}
          </Link>
        </>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;

export { privatePageHeaders as headers } from "~/utils/private-page-headers";
