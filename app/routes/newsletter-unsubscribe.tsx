import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { AuthCard } from "~/components/account/auth-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { findByUnsubscribeToken, unsubscribeWithToken } from "~/modules/newsletter/newsletter.service.server";
import { isDomainError } from "~/utils/domain-error";
import { readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";

// Every newsletter mail's unsubscribe link (List-Unsubscribe, RFC 8058). The GET shows the
// address and a button and writes nothing; the POST unsubscribes, with the token in the query
// (the link itself) or in the form. A mail client's one-click POST (`List-Unsubscribe=One-Click`,
// no cookie, no Origin) is let through the same-origin check for this path when it carries a
// token (app/server/http-guards.server.ts, decision 019), and is answered 200 without a redirect.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, tns, href } = getRequestContext(context);
  const t = tns("common");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findByUnsubscribeToken(db, token);
  const page = {
    title: t("newsletter.unsubscribe.title"),
    description: t("newsletter.unsubscribe.description"),
    path: href("/newsletter/unsubscribe"),
    origin: env.PUBLIC_URL,
    token: found ? token : null,
    email: found?.email ?? null,
    subscribed: found ? found.status !== "unsubscribed" : false,
    page: { isAuth: true, prevStep: href("/") },
  };
  return data(page, { status: found ? 200 : 410 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const form = await readFormData(request);
  const fromForm = form.get("token");
  const token = new URL(request.url).searchParams.get("token") ?? (typeof fromForm === "string" ? fromForm : "");
  try {
    await unsubscribeWithToken(db, token);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ invalid: true, done: false }, { status: error.status });
  }
  // A mail client's one-click POST: done, said in the body (it follows no redirect).
  if (form.get("List-Unsubscribe") === "One-Click") return data({ invalid: false, done: true }, { headers: { "Cache-Control": "no-store" } });
  await session.addFlash({ kind: "success", key: "newsletter.unsubscribe.done" });
  throw redirect(`${href("/newsletter/unsubscribe")}?token=${encodeURIComponent(token)}`, 303);
}

// The token is in the address: no cache may keep the page, and no link may pass it on.
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const pending = useNavigation().state === "submitting";
  if (actionData?.done) {
    return (
      <AuthCard title={t("newsletter.unsubscribe.title")}>
        <p role="status" className="mb-6">
          {t("newsletter.unsubscribe.done")}
        </p>
        <Link to={href("/")} className="btn btn-primary">
          {t("newsletter.toHome")}
        </Link>
      </AuthCard>
    );
  }
  if (!loaderData.token || !loaderData.email || actionData?.invalid) {
    return (
      <AuthCard title={t("newsletter.unsubscribe.title")}>
        <p role="alert" className="mb-6 text-sale">
          {t("newsletter.linkInvalid")}
        </p>
        <Link to={href("/")} className="btn btn-primary">
          {t("newsletter.toHome")}
        </Link>
      </AuthCard>
    );
  }
  if (!loaderData.subscribed) {
    return (
      <AuthCard title={t("newsletter.unsubscribe.title")}>
        <p className="mb-6">{t("newsletter.unsubscribe.already", { email: loaderData.email })}</p>
        <Link to={href("/")} className="btn btn-primary">
          {t("newsletter.toHome")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("newsletter.unsubscribe.title")} intro={t("newsletter.unsubscribe.intro", { email: loaderData.email })}>
      <Form method="post" className="space-y-5" aria-labelledby="page-title">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton pending={pending} pendingLabel={t("newsletter.unsubscribe.submitting")} className="btn btn-primary w-full">
          {t("newsletter.unsubscribe.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
