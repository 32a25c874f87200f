import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { TokenLinkForm, TokenLinkMessage } from "~/components/account/token-link";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { findByUnsubscribeToken, unsubscribeWithToken } from "~/modules/newsletter/newsletter.service.server";
import { parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { TOKEN_FIELD } from "~/utils/token-link";
import { postedToken, readLinkToken, tokenLinkPage, tokenLinkRefused, tokenLinkSchema } from "~/utils/token-link.server";
import { z } from "~/utils/zod";
import { cacheControl, pageHeaders } from "~/utils/cache-policy";

/** The page's form, or a mail client's one-click post (RFC 8058), whose token is in the address. */
const UnsubscribeFormSchema = tokenLinkSchema()
  .partial()
  .extend({ "List-Unsubscribe": z.string().max(100).optional() });

// Every newsletter mail's unsubscribe link (List-Unsubscribe, RFC 8058). The GET shows the
// address and a button and writes nothing; the POST unsubscribes, with the token in the query
// (the link itself) or in the form. A mail client's one-click POST (`List-Unsubscribe=One-Click`,
// no cookie, no Origin) is let through the same-origin check for this path when it carries a
// token (app/server/http-guards.server.ts, decision 019), and is answered 200 without a redirect.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, tns, href } = getRequestContext(context);
  const t = tns("common");
  const link = await readLinkToken(request, (token) => findByUnsubscribeToken(db, token));
  return tokenLinkPage(link, {
    title: t("newsletter.unsubscribe.title"),
    description: t("newsletter.unsubscribe.description"),
    path: href("/newsletter/unsubscribe"),
    origin: env.PUBLIC_URL,
    email: link?.found.email ?? null,
    subscribed: link ? link.found.status !== "unsubscribed" : false,
    page: { isAuth: true, prevStep: href("/") },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, href } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), UnsubscribeFormSchema);
  // The link's own address names the token first; the page's form carries it too.
  let token: string;
  try {
    token = new URL(request.url).searchParams.get(TOKEN_FIELD) ?? postedToken(submission, "NEWSLETTER_LINK_INVALID");
    await unsubscribeWithToken(db, token);
  } catch (error) {
    return tokenLinkRefused(submission, error);
  }
  // A mail client's one-click POST: done, said in the body (it follows no redirect).
  if (submission.status === "success" && submission.value["List-Unsubscribe"] === "One-Click") return data({ done: true }, { headers: cacheControl("noStore") });
  await session.addFlash({ kind: "success", key: "newsletter.unsubscribe.done" });
  throw redirect(`${href("/newsletter/unsubscribe")}?token=${encodeURIComponent(token)}`, 303);
}

// The token is in the address: no cache may keep the page, and no link may pass it on.
export const headers = pageHeaders("private", { extra: { "Referrer-Policy": "same-origin" } });

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const title = t("newsletter.unsubscribe.title");
  if (actionData && "done" in actionData) {
    return <TokenLinkMessage title={title} tone="status" message={t("newsletter.unsubscribe.done")} to={href("/")} label={t("newsletter.toHome")} />;
  }
  if (!loaderData.token || !loaderData.email || actionData?.result) {
    return <TokenLinkMessage title={title} tone="alert" message={t("newsletter.linkInvalid")} to={href("/")} label={t("newsletter.toHome")} />;
  }
  if (!loaderData.subscribed) {
    return <TokenLinkMessage title={title} tone="plain" message={t("newsletter.unsubscribe.already", { email: loaderData.email })} to={href("/")} label={t("newsletter.toHome")} />;
  }
  return (
    <TokenLinkForm
      title={title}
      intro={t("newsletter.unsubscribe.intro", { email: loaderData.email })}
      token={loaderData.token}
      submit={t("newsletter.unsubscribe.submit")}
      submitting={t("newsletter.unsubscribe.submitting")}
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
