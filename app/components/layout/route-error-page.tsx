import { useTranslation } from "~/hooks/use-translation";
import { Link, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { RootData } from "~/hooks/use-locale";
import { localizePath } from "~/utils/locale";
import { stillLifeImage } from "~/modules/media/drawn-image";

/** The error page's picture: the tailor's table (chalk, scissors), a still-life in the shop's hand. */
const ERROR_PICTURE = stillLifeImage("tailoring", "stone");

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

  const picture = (
    <img
      src={ERROR_PICTURE.src}
      srcSet={ERROR_PICTURE.srcSet}
      sizes="(min-width: 984px) 28rem, 60vw"
      width={ERROR_PICTURE.width}
      height={ERROR_PICTURE.height}
      alt=""
      decoding="async"
      className="aspect-[4/5] h-auto w-full bg-sand object-cover"
    />
  );

  return (
    <section className="container-page grid min-h-[60vh] items-center gap-10 py-12 desk:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] desk:gap-16 desk:py-20" aria-labelledby="error-title">
      {/* The failing route's meta has no data to name the page: React hoists this into <head>. */}
      <title>{`${heading} | Bottega`}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto w-3/5 max-w-xs desk:w-full desk:max-w-md">{picture}</div>
      <div className="max-w-xl">
        <p className="eyebrow mb-4">{isRouteErrorResponse(error) ? error.status : 500}</p>
        <h1 id="error-title" className="mb-5 text-5xl desk:text-6xl">
          {heading}
        </h1>
        <p className="mb-8 text-stone">{notFound ? t("errors.notFoundText") : rateLimited ? t("domain.rateLimited") : t("errors.errorText")}</p>
        {notFound ? (
          <>
            {/* A GET form, as the header's: the results page works without JavaScript. */}
            <form method="get" action={href("/search")} role="search" className="mb-8 flex max-w-md gap-2">
              <label htmlFor="error-search" className="sr-only">
                {t("errors.searchLabel")}
              </label>
              <input id="error-search" type="search" name="q" maxLength={100} autoComplete="off" placeholder={t("errors.searchLabel")} className="field-input flex-1" />
              <button type="submit" className="btn btn-primary">
                {t("errors.searchSubmit")}
              </button>
            </form>
            {root?.menu.length ? (
              <nav aria-labelledby="error-categories" className="mb-8">
                <h2 id="error-categories" className="mb-3 text-2xl">
                  {t("errors.categories")}
                </h2>
                <ul className="grid gap-x-8 gap-y-4 sm:grid-cols-3">
                  {root.menu.map((top) => (
                    <li key={top.id}>
                      <Link to={top.url} className="link font-medium">
                        {top.name}
                      </Link>
                      {top.children.length ? (
                        <ul className="mt-1 space-y-1 text-sm text-stone">
                          {top.children.map((child) => (
                            <li key={child.id}>
                              <Link to={child.url} className="link inline-block py-0.5">
                                {child.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </>
        ) : null}
        <Link to={href("/")} className="btn btn-secondary">
          {t("errors.home")}
        </Link>
      </div>
    </section>
  );
}
