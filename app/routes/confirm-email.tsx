import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { AuthCard } from "~/components/account/auth-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { confirmEmail, findEmailConfirmation } from "~/modules/account/account.service.server";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";

const TOKEN = /^[\w-]{20,100}$/;

// The welcome e-mail's link lands here. Its GET only shows the address and a button: a mail
// scanner that follows links confirms nothing, and the POST (with the shop's Origin) does.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns, href } = getRequestContext(context);
  const t = tns("account");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = TOKEN.test(token) ? await findEmailConfirmation(db, token) : null;
  const page = {
    title: t("confirmEmail.title"),
    description: t("meta.confirmEmail"),
    path: href("/account/confirm-email"),
    origin: env.PUBLIC_URL,
    token: found ? token : null,
    email: found?.email ?? null,
    page: { isAuth: true, prevStep: href("/") },
    texts: pickTexts(locale, ["account"]),
  };
  return data(page, { status: found ? 200 : 410 });
}

// The token is the proof: a visitor, or another account signed in, confirms with it as well.
export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const token = (await readFormData(request)).get("token");
  let userId: number;
  try {
    if (typeof token !== "string" || !TOKEN.test(token)) throw new DomainError("EMAIL_CONFIRMATION_INVALID", "malformed token");
    userId = await confirmEmail(db, token);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ invalid: true }, { status: error.status });
  }
  await session.addFlash({ kind: "success", key: "account:confirmEmail.done" });
  throw redirect(session.userId === userId ? href("/account") : href("/"), 303);
}

// The token is in the address: no cache may keep the page, and no link to another site may pass
// it on (same-origin, not no-referrer: see login-reset.tsx).
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const pending = useNavigation().state === "submitting";
  if (!loaderData.token || !loaderData.email || actionData?.invalid) {
    return (
      <AuthCard title={t("confirmEmail.title")}>
        <p role="alert" className="mb-6 text-sale">
          {t("errors.confirmInvalid")}
        </p>
        <Link to={href("/account")} className="btn btn-primary">
          {t("confirmEmail.toAccount")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("confirmEmail.title")} intro={t("confirmEmail.intro", { email: loaderData.email })}>
      <Form method="post" className="space-y-5" aria-labelledby="page-title">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton pending={pending} pendingLabel={t("confirmEmail.submitting")} className="btn btn-primary w-full">
          {t("confirmEmail.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
