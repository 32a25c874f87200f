import { redirect } from "react-router";
import type { Route } from "./+types/coming-soon";
import { ComingSoon } from "~/components/layout/coming-soon";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { comingSoonFeature, isAuthPath } from "~/modules/content/coming-soon";
import { leaveLoginPageIfSignedIn } from "~/modules/account/login-redirect.server";
import { stripLocale } from "~/utils/locale";
import { seoMeta } from "~/utils/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // Checkout's Personal Info step keeps its redirect rule before the Checkout issue builds it
  // (spec §2): an account holder, or a guest, goes on to the stored login-redirect target.
  if (stripLocale(pathname) === "/checkout/registrationLogin") await leaveLoginPageIfSignedIn(context, request, { guestsToo: true });
  const { i18n, env } = getRequestContext(context);
  const t = i18n.t;
  const isAuth = isAuthPath(pathname);
  return {
    title: t(`comingSoon.features.${comingSoonFeature(pathname)}`),
    path: pathname,
    origin: env.PUBLIC_URL,
    page: { isAuth, securePayment: pathname.includes("/checkout") },
  };
}

// A form of a finished page may already post here (the product page's add-to-bag posts to
// /cart): answer with the page itself, post-redirect-get, rather than a 405.
export async function action({ request }: Route.ActionArgs) {
  const { pathname } = new URL(request.url);
  throw redirect(pathname);
}

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon title={loaderData.title} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
