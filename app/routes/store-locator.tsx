import { Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/store-locator";
import { pickTexts } from "~/i18n/resources";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { StoreCard } from "~/components/store/store-card";
import { StoreFilters } from "~/components/store/store-filters";
import { StoreMap } from "~/components/store/store-map";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { storesJsonLd } from "~/modules/store/store-json-ld";
import { parseStoreQuery, STORE_FILTERS, storeQuerySearch } from "~/modules/store/store.schema";
import { getStoreLocator } from "~/modules/store/store.service.server";
import { storeMapOf } from "~/modules/store/store-map.server";
import { localizePath } from "~/utils/locale";
import { seoMeta } from "~/utils/seo";

const PATH = "/pages/storelocator";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const url = new URL(request.url);
  const locator = await getStoreLocator(db, locale, parseStoreQuery(url.searchParams));

  // One state, one URL: empty fields of the no-JS form, and choices the service dropped, go.
  const wanted = new URLSearchParams(storeQuerySearch(locator.query));
  const differs = (name: (typeof STORE_FILTERS)[number]) => JSON.stringify(url.searchParams.getAll(name)) !== JSON.stringify(wanted.getAll(name));
  if (STORE_FILTERS.some(differs)) {
    for (const [name, value] of url.searchParams) if (!(STORE_FILTERS as readonly string[]).includes(name)) wanted.append(name, value);
    const search = wanted.toString();
    throw redirect(url.pathname + (search ? `?${search}` : ""));
  }

  const t = tns("stores");
  const map = storeMapOf(locator.stores);
  return {
    locator,
    // No store within the map's frame (Asia, the Americas): no map, the list takes the width.
    map: map.pins.length ? map : null,
    path: url.pathname,
    canonical: localizePath(PATH, locale),
    origin: env.PUBLIC_URL,
    title: t("meta.title"),
    description: t("meta.description"),
    texts: pickTexts(locale, ["stores"]),
  };
}

export default function StoreLocatorPage({ loaderData }: Route.ComponentProps) {
  const { locator, map, path } = loaderData;
  const { t } = useTranslation("stores");
  const navigation = useNavigation();
  const location = useLocation();
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { stores } = locator;

  return (
    <div className="container-page pb-20 pt-8 desk:pt-12">
      <header className="mb-8 max-w-2xl desk:mb-10">
        <p className="eyebrow mb-3">{t("eyebrow")}</p>
        <h1 className="mb-4 text-5xl desk:text-6xl">{t("title")}</h1>
        <p className="text-lg text-stone">{t("intro")}</p>
      </header>

      <StoreFilters locator={locator} path={path} />

      <div className="mt-8 grid gap-8 desk:grid-cols-12 desk:gap-6">
        {map ? (
          // Above the list on phones; beside it from the desktop breakpoint, staying in view.
          <div className="w-full max-w-lg justify-self-center desk:sticky desk:top-24 desk:col-span-5 desk:col-start-8 desk:row-start-1 desk:max-w-none desk:self-start">
            <StoreMap map={map} />
          </div>
        ) : null}
        <section aria-labelledby="stores-title" className={map ? "desk:col-span-7 desk:row-start-1" : "desk:col-span-12"}>
          <h2 id="stores-title" className="sr-only">
            {t("listTitle")}
          </h2>
          <p className="mb-4 text-sm text-stone" role="status" aria-live="polite" data-testid="store-count">
            {updating ? t("loading") : t("results", { count: stores.length })}
          </p>
          {stores.length ? (
            <ul
              className={`grid gap-4 sm:grid-cols-2 desk:gap-6 ${map ? "" : "desk:grid-cols-3"} ${updating ? "opacity-60 transition-opacity" : ""}`}
              aria-busy={updating || undefined}
              data-testid="store-list"
            >
              {stores.map((store) => (
                <li key={store.id}>
                  <StoreCard store={store} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="border border-line bg-paper px-6 py-16 text-center" data-testid="empty-stores">
              <p className="mb-2 font-display text-3xl">{t("empty")}</p>
              <p className="mb-6 text-stone">{t("emptyHint")}</p>
              <Link to={path} className="btn btn-secondary">
                {t("showAll")}
              </Link>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { title, description, canonical, origin, locator } = data;
  // The filters make variants of one page: the canonical and the alternates drop them.
  return [
    ...seoMeta({ title, description, path: canonical, origin, alternates: { it: PATH, en: localizePath(PATH, "en") } }),
    ...(locator.stores.length ? [{ "script:ld+json": storesJsonLd(locator.stores, `${origin}${canonical}`) }] : []),
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
