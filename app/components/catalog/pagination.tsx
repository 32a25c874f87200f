import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";

/** Which page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? (["gap", p] as const) : [p]));
}

/** Real links (?page=N), so every page is crawlable and works without JavaScript. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("catalog");
  if (pageCount <= 1) return null;
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center px-3";
  return (
    <nav aria-label={t("pagination.label")} className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={`${item} link`} preventScrollReset={false}>
              <span aria-hidden="true">←&nbsp;</span>
              {t("pagination.previous")}
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className={item}>
              …
            </li>
          ) : (
            <li key={p}>
              {/* The word "Pagina" is text that screen readers and text browsers read, hidden on
                  screen (an aria-label is not allowed on a span); aria-current says which is this one. */}
              {p === page ? (
                <span aria-current="page" className={`${item} bg-ink font-semibold text-ivory`}>
                  <span className="sr-only">{t("pagination.page")} </span>
                  {p}
                </span>
              ) : (
                <Link to={hrefFor(p)} className={`${item} hover:bg-sand`}>
                  <span className="sr-only">{t("pagination.page")} </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${item} link`}>
              {t("pagination.next")}
              <span aria-hidden="true">&nbsp;→</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
