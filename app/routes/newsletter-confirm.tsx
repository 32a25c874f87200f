import { redirect } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { TokenLinkForm, TokenLinkMessage } from "~/components/account/token-link";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { confirmSubscription, findPendingConfirmation } from "~/modules/newsletter/newsletter.service.server";
import { parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { postedToken, readLinkToken, tokenLinkPage, tokenLinkRefused, tokenLinkSchema } from "~/utils/token-link.server";
import { pageHeaders } from "~/utils/cache-policy";

const TokenFormSchema = tokenLinkSchema();

// The newsletter's double opt-in link lands here. Its GET only shows the address and a button
// (a mail scanner that follows links confirms nothing); the POST confirms, once.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, tns, href } = getRequestContext(context);
  const t = tns("common");
  const link = await readLinkToken(request, (token) => findPendingConfirmation(db, token));
  return tokenLinkPage(link, {
    title: t("newsletter.confirm.title"),
    description: t("newsletter.confirm.description"),
    path: href("/newsletter/confirm"),
    origin: env.PUBLIC_URL,
    email: link?.found.email ?? null,
    page: { isAuth: true, prevStep: href("/") },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), TokenFormSchema);
  try {
    await confirmSubscription(db, postedToken(submission, "NEWSLETTER_LINK_INVALID"));
  } catch (error) {
    return tokenLinkRefused(submission, error);
  }
  await session.addFlash({ kind: "success", key: "newsletter.confirm.done" });
  throw redirect(href("/"), 303);
}

// The token is in the address: no cache may keep the page, and no link may pass it on.
export const headers = pageHeaders("private", { extra: { "Referrer-Policy": "same-origin" } });

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { href } = useLocale();
  if (!loaderData.token || !loaderData.email || actionData?.result) {
    return <TokenLinkMessage title={t("newsletter.confirm.title")} tone="alert" message={t("newsletter.linkInvalid")} to={href("/pages/newsletter")} label={t("newsletter.signUpAgain")} />;
  }
  return (
    <TokenLinkForm
      title={t("newsletter.confirm.title")}
      intro={t("newsletter.confirm.intro", { email: loaderData.email })}
      token={loaderData.token}
      submit={t("newsletter.confirm.submit")}
      submitting={t("newsletter.confirm.submitting")}
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
