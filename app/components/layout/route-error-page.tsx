import { useTranslation } from "~/hooks/use-translation";
import { Link, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { RootData } from "~/hooks/use-locale";
import { localizePath } from "~/utils/locale";

/**
 * The one error page of the shop: a designed, localized 404 for missing pages and a calm page
 * for everything else. Every route exports it as its ErrorBoundary (route-error-boundary.tsx).
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? "it";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const badRequest = isRouteErrorResponse(error) && error.status === 400;
  // A rule broken by too many requests says so (its data carries the error table's message key).
  const rateLimited = isRouteErrorResponse(error) && error.status === 429;
  const href = (path: string) => localizePath(path, locale);
  const heading = notFound ? t("errors.notFoundTitle") : badRequest ? t("errors.badRequest") : t("errors.errorTitle");

  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-20 text-center" aria-labelledby="error-title">
      {/* The failing route's meta has no data to name the page: React hoists this into <head>. */}
      <title>{`${heading} | Bottega`}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-xl">
        <p className="eyebrow mb-4">{isRouteErrorResponse(error) ? error.status : 500}</p>
        <h1 id="error-title" className="mb-5 text-5xl desk:text-6xl">
          {heading}
        </h1>
        <p className="mb-8 text-stone">{notFound ? t("errors.notFoundText") : rateLimited ? t("domain.rateLimited") : t("errors.errorText")}</p>
        <nav className="flex flex-wrap justify-center gap-3" aria-label={t("errors.home")}>
          <Link to={href("/")} className="btn btn-primary">
            {t("errors.home")}
          </Link>
          {notFound && root
            ? root.menu.slice(0, 2).map((top) => (
                <Link key={top.id} to={top.url} className="btn btn-secondary">
                  {top.name}
                </Link>
              ))
            : null}
        </nav>
      </div>
    </section>
  );
}
