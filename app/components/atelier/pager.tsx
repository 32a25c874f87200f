import { Link } from "react-router";
import { useTranslation } from "~/hooks/use-translation";

/**
 * Previous and next page as plain GET links that keep the list's other query parameters
 * (filters, sort). `search` is the current query string; the page is its `page` parameter.
 */
export function Pager({ page, hasNext, search, param = "page" }: { page: number; hasNext: boolean; search: string; param?: string }) {
  const { t } = useTranslation("atelier");
  if (page <= 1 && !hasNext) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    if (target <= 1) params.delete(param);
    else params.set(param, String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={t("pager.label")} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className="btn btn-secondary">
          <span aria-hidden="true">←</span> {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}{" "}
      <span aria-current="page">{t("pager.page", { page })}</span>{" "}
      {hasNext ? (
        <Link to={to(page + 1)} rel="next" className="btn btn-secondary">
          {t("pager.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
