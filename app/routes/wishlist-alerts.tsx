import { redirect } from "react-router";
import type { Route } from "./+types/wishlist-alerts";
import { TokenLinkForm, TokenLinkMessage } from "~/components/account/token-link";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { ALERTS_TOKEN, alertsStopPath, findByAlertsToken, stopAlertsWithToken } from "~/modules/wishlist/wishlist.service.server";
import { pageHeaders } from "~/utils/cache-policy";
import { parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { postedToken, readLinkToken, tokenLinkPage, tokenLinkRefused, tokenLinkSchema } from "~/utils/token-link.server";

// The stop link of every price-drop e-mail of the wishlist. The GET shows a button and writes
// nothing; the POST switches the account's price-drop e-mails off (twice is no error). The link
// works signed in or not, on any device: the token names the account.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, tns, locale, href } = getRequestContext(context);
  const t = tns("wishlist");
  const link = await readLinkToken(request, (token) => findByAlertsToken(db, token), ALERTS_TOKEN);
  return tokenLinkPage(link, {
    title: t("alerts.stopTitle"),
    description: t("alerts.stopIntro"),
    path: alertsStopPath(locale),
    origin: env.PUBLIC_URL,
    on: link?.found.on ?? false,
    texts: pickTexts(locale, ["wishlist"]),
    page: { isAuth: true, prevStep: href("/preferiti"), alternates: { it: alertsStopPath("it"), en: alertsStopPath("en") } },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, session, locale } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), tokenLinkSchema(ALERTS_TOKEN));
  let token: string;
  try {
    token = postedToken(submission, "WISHLIST_LINK_INVALID");
    await stopAlertsWithToken(db, token);
  } catch (error) {
    return tokenLinkRefused(submission, error);
  }
  await session.addFlash({ kind: "success", key: "wishlist.alertsOff" });
  throw redirect(`${alertsStopPath(locale)}?token=${encodeURIComponent(token)}`, 303);
}

// The token is in the address: no cache may keep the page, and no link may pass it on.
export const headers = pageHeaders("private", { extra: { "Referrer-Policy": "same-origin" } });

export default function WishlistAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("wishlist");
  const { href } = useLocale();
  const title = t("alerts.stopTitle");
  if (!loaderData.token || actionData?.result) {
    return <TokenLinkMessage title={title} tone="alert" message={t("alerts.linkInvalid")} to={href("/preferiti")} label={t("alerts.toWishlist")} />;
  }
  if (!loaderData.on) {
    return <TokenLinkMessage title={title} tone="plain" message={t("alerts.alreadyOff")} to={href("/preferiti")} label={t("alerts.toWishlist")} />;
  }
  return <TokenLinkForm title={title} intro={t("alerts.stopIntro")} token={loaderData.token} submit={t("alerts.stopSubmit")} submitting={t("alerts.stopSubmitting")} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, description: data.description, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
