import type { Route } from "./+types/content-list";
import { allowPageCache } from "~/middleware/page-cache.server";
import { Breadcrumbs } from "~/components/catalog/breadcrumbs";
import { Pagination } from "~/components/catalog/pagination";
import { ContentList } from "~/components/content/content-list";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { getRequestContext } from "~/middleware/request-context.server";
import { getContentList } from "~/modules/content/content.service.server";
import { formatLongDate } from "~/utils/dates";
import { seoMeta } from "~/utils/seo";
import { notFound } from "~/utils/id-param";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

// The journal (/blog, paginated) and the care guide (/curadelcapo, /en/careguide): the newest
// entries first. One module for both; the path says which.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const url = new URL(request.url);
  const kind = /\/(curadelcapo|careguide)$/.test(url.pathname) ? "care" : "blog";
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const list = await getContentList(db, kind, locale, page);
  if (!list) throw notFound();
  const t = tns("content");
  const home = locale === "it" ? "/" : "/en";
  return {
    kind,
    list,
    dates: Object.fromEntries(list.items.map((item) => [item.key, formatLongDate(item.publishedAt, locale)])),
    title: t(`${kind}.title`),
    intro: t(`${kind}.intro`),
    metaTitle: t(`${kind}.metaTitle`),
    crumbs: [{ name: t("breadcrumbs.home"), url: home }, { name: t(`${kind}.title`), url: url.pathname }],
    path: url.pathname,
    origin: env.PUBLIC_URL,
  };
}

export default function ContentListPage({ loaderData }: Route.ComponentProps) {
  const { kind, list, dates, title, intro, crumbs, path } = loaderData;
  return (
    <div className="container-page pb-20 pt-6 desk:pt-10">
      <Breadcrumbs items={crumbs} />
      <header className="mb-12 max-w-2xl">
        <h1 className="mb-4 text-5xl desk:text-6xl">{title}</h1>
        <p className="text-lg text-stone">{intro}</p>
      </header>
      {/* The journal opens with its newest story large (issue 40); the care guide is a reference, a grid. */}
      <ContentList items={list.items} dates={dates} lead={kind === "blog" && list.page === 1} />
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(page) => (page > 1 ? `${path}?page=${page}` : path)} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const suffix = data.list.page > 1 ? `?page=${data.list.page}` : "";
  const alternates = data.kind === "care" ? { it: "/curadelcapo", en: "/en/careguide" } : { it: "/blog", en: "/en/blog" };
  return seoMeta({
    title: data.metaTitle,
    description: data.intro,
    path: data.path + suffix,
    alternates: Object.fromEntries(Object.entries(alternates).map(([l, p]) => [l, p + suffix])),
    origin: data.origin,
  });
};

export const ErrorBoundary = RouteErrorBoundary;
