import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { AuthCard } from "~/components/account/auth-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { confirmSubscription, findPendingConfirmation } from "~/modules/newsletter/newsletter.service.server";
import { isDomainError } from "~/utils/domain-error";
import { readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";

// The newsletter's double opt-in link lands here. Its GET only shows the address and a button
// (a mail scanner that follows links confirms nothing); the POST confirms, once.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, tns, href } = getRequestContext(context);
  const t = tns("common");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await findPendingConfirmation(db, token);
  const page = {
    title: t("newsletter.confirm.title"),
    description: t("newsletter.confirm.description"),
    path: href("/newsletter/confirm"),
    origin: env.PUBLIC_URL,
    token: found ? token : null,
    email: found?.email ?? null,
    page: { isAuth: true, prevStep: href("/") },
  };
  return data(page, { status: found ? 200 : 410 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const token = (await readFormData(request)).get("token");
  try {
    await confirmSubscription(db, typeof token === "string" ? token : "");
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ invalid: true }, { status: error.status });
  }
  await session.addFlash({ kind: "success", key: "newsletter.confirm.done" });
  throw redirect(href("/"), 303);
}

// The token is in the address: no cache may keep the page, and no link may pass it on.
export const headers = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const pending = useNavigation().state === "submitting";
  if (!loaderData.token || !loaderData.email || actionData?.invalid) {
    return (
      <AuthCard title={t("newsletter.confirm.title")}>
        <p role="alert" className="mb-6 text-sale">
          {t("newsletter.linkInvalid")}
        </p>
        <Link to={href("/pages/newsletter")} className="btn btn-primary">
          {t("newsletter.signUpAgain")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("newsletter.confirm.title")} intro={t("newsletter.confirm.intro", { email: loaderData.email })}>
      <Form method="post" className="space-y-5" aria-labelledby="page-title">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton pending={pending} pendingLabel={t("newsletter.confirm.submitting")} className="btn btn-primary w-full">
          {t("newsletter.confirm.submit")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
