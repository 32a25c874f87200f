import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";

export interface Crumb {
  name: string;
  url: string;
}

/** Home › … › the current page (the last crumb is the page itself, not a link). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation("catalog");
  return (
    <nav aria-label={t("listing.breadcrumbs")} className="mb-4 text-sm text-stone">
      <ol className="flex flex-wrap items-center gap-x-2">
        {items.map((item, index) => (
          <li key={item.url} className="flex items-center gap-x-2">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {index === items.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {item.name}
              </span>
            ) : (
              <Link to={item.url} className="link inline-flex min-h-11 items-center">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
