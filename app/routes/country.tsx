import { Link, redirect } from "react-router";
import type { Route } from "./+types/country";
import { CountryChooser } from "~/components/country/country-chooser";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useRootData } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { emptyBag, getBagCount } from "~/modules/bag/bag.service.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { CountryChoiceSchema } from "~/modules/country/country.schema";
import { CHOOSER_PATH, alternatesFromPaths, chooseCountry, resolveCountry } from "~/modules/country/country-rules";
import { clearPreference, handoffParams, readHandoff, readPreference, storePreference } from "~/modules/country/preference.server";
import { invalidForm, pageError, parseForm, readFormData } from "~/utils/form.server";
import { localeFromPath, localizePath } from "~/utils/locale";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { URL_NOTICE_PARAM, isUrlNoticeCode, withUrlNotice } from "~/modules/session/url-notice";
import { seoMeta } from "~/utils/seo";
import { cacheControl } from "~/utils/cache-policy";

/** Country choices per client address: a person chooses once or twice, a script loops. */
const COUNTRY_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };
const localPaths = (paths: string[]) => paths.map((path) => safeRedirect(path, "")).filter(Boolean);
const NO_STORE = cacheControl("private");

function hostOf(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

// The country chooser as a page (/pages/country): the dialog's fallback without JavaScript, and
// the action every chooser posts to.

/**
 * A choice made on the other shop's host, handed over: kept as this host's cookie too, and on to
 * the page. A middleware, so that it answers before any loader runs: the hand-over reads nothing
 * and writes nothing else (the shop layout's loader would take the session's notices for a page
 * never shown). A notice of the choice (the bag emptied) comes along in the address.
 */
const handoffMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  const { env, publicUrl } = getRequestContext(context);
  const url = new URL(request.url);
  const handoff = readHandoff(env.SESSION_SECRET, url.searchParams);
  if (!handoff) return next();
  const notice = url.searchParams.get(URL_NOTICE_PARAM);
  const cookie = await storePreference(handoff.country, publicUrl.isHttps);
  throw redirect(isUrlNoticeCode(notice) ? withUrlNotice(handoff.path, notice) : handoff.path, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
};

export const middleware: Route.MiddlewareFunction[] = [handoffMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, locale, tns } = getRequestContext(context);
  const url = new URL(request.url);
  const from = safeRedirect(url.searchParams.get("from"), localizePath("/", locale));
  return {
    from,
    alternates: localPaths(url.searchParams.getAll("alternate")).slice(0, 4),
    title: tns("country")("chooser.title"),
    path: localizePath(CHOOSER_PATH, locale),
    origin: env.PUBLIC_URL,
    page: { alternates: { it: CHOOSER_PATH, en: localizePath(CHOOSER_PATH, "en") } },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, clientIp, locale, publicUrl, bagId, session } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), CountryChoiceSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { value } = submission;
  await enforceRateLimit(db, "country", clientIp, COUNTRY_RATE_LIMIT).catch(pageError);
  const url = new URL(request.url);
  const hosts = { it: env.IT_SHOP_HOST, eu: env.EU_SHOP_HOST };
  const cookieHeader = request.headers.get("Cookie");
  const preference = await readPreference(cookieHeader);
  const { shop: currentShop, country: currentCountry } = resolveCountry({ requestHost: url.host, hosts, preference });
  const choice = chooseCountry({
    locale,
    chosen: value.country,
    currentShop,
    path: safeRedirect(value.path, localizePath("/", locale)),
    alternates: alternatesFromPaths(localPaths(value.alternate)),
  });

  // Spec §4: a new country removes the products already in the bag (the chooser warned).
  const emptied = value.country !== currentCountry && bagId !== null && (await getBagCount(db, bagId)) > 0;
  if (emptied) await emptyBag(db, bagId);

  const secure = publicUrl.isHttps;
  const headers = new Headers(NO_STORE);
  if (choice.store) headers.append("Set-Cookie", await storePreference(choice.store, secure));
  // Italy from the Italian locale stores nothing (its preference is always IT): drop an older one.
  else if (preference) headers.append("Set-Cookie", await clearPreference(secure));

  const target = hostOf(hosts[choice.shop]);
  if (!target || target.host === url.host) {
    if (emptied) await session.addFlash({ kind: "warning", key: "bag:notices.emptiedByCountry" });
    throw redirect(choice.path, { headers });
  }
  // Another host: hand the preference over through its chooser page, which goes on to the path;
  // this host's session is not the one the shopper will see, so the notice goes in the address.
  const handoff = choice.store ? handoffParams(env.SESSION_SECRET, choice.store, choice.path) : null;
  if (handoff && emptied) handoff.set(URL_NOTICE_PARAM, "bag-emptied-by-country");
  const next = handoff ? `${localizePath(CHOOSER_PATH, localeFromPath(choice.path))}?${handoff}` : emptied ? withUrlNotice(choice.path, "bag-emptied-by-country") : choice.path;
  throw redirect(new URL(next, target.origin).href, { headers });
}

export default function CountryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("country");
  const { country } = useRootData();
  return (
    <section className="container-page py-12 desk:py-16" aria-labelledby="page-title">
      <div className="mx-auto max-w-3xl">
        <h1 id="page-title" className="mb-4 text-5xl">
          {t("chooser.title")}
        </h1>
        <p className="mb-8 text-lg text-stone">{t("chooser.intro")}</p>
        <CountryChooser action={loaderData.path} options={country.options} current={country.current} path={loaderData.from} alternates={loaderData.alternates} error={actionData ? t("chooser.invalid") : undefined} />
        <Link to={loaderData.from} className="link mt-10 inline-flex min-h-11 items-center underline">
          {t("chooser.back")}
        </Link>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
