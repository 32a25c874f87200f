import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";

export interface Crumb {
  name: string;
  url: string;
}

/**
 * Home › … › the current page (the last crumb is the page itself, not a link). With `collapse`,
 * phones show only the way back to the parent ("‹ Maglieria"); desktop and text browsers the
 * whole path.
 */
export function Breadcrumbs({ items, collapse = false }: { items: Crumb[]; collapse?: boolean }) {
  const { t } = useTranslation("catalog");
  const parent = collapse && items.length > 1 ? items.length - 2 : -1;
  return (
    <nav aria-label={t("listing.breadcrumbs")} className="mb-4 text-sm text-stone">
      <ol className="flex flex-wrap items-center gap-x-2">
        {items.map((item, index) => (
          <li key={item.url} className={`items-center gap-x-2 ${parent >= 0 && index !== parent ? "hidden desk:flex" : "flex"}`}>
            {index === parent ? (
              <span aria-hidden="true" className="-mr-1 text-lg leading-none desk:hidden">
                ‹
              </span>
            ) : null}
            {index > 0 ? (
              <span aria-hidden="true" className={index === parent ? "hidden desk:inline" : undefined}>
                /
              </span>
            ) : null}
            {index === items.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {item.name}
              </span>
            ) : (
              <Link to={item.url} className={`link inline-flex min-h-11 items-center ${index === parent ? "text-ink desk:text-stone" : ""}`}>
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
