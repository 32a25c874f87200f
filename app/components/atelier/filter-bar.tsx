import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/hooks/use-translation";

/**
 * A list's filters: a GET form (the filters live in the URL, so a filtered list can be bookmarked
 * and works without JavaScript), its controls side by side, "Filter" and "Clear filters".
 * `resetTo` is the list's path without a query.
 */
export function FilterBar({ children, resetTo, label }: { children: ReactNode; resetTo: string; label?: string }) {
  const { t } = useTranslation("atelier");
  return (
    <Form method="get" role="search" aria-label={label ?? t("filter.label")} className="mb-4 flex flex-wrap items-end gap-3 border border-line bg-paper p-3">
      {children}
      <div className="flex items-center gap-2">
        <button type="submit" className="btn btn-primary">
          {t("filter.submit")}
        </button>
        <Link to={resetTo} className="link text-sm">
          {t("filter.reset")}
        </Link>
      </div>
    </Form>
  );
}

/** One labelled control of a FilterBar (an input or select as its child, with the given id). */
export function FilterField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-36 flex-col">
      <label htmlFor={id} className="mb-1 text-xs font-medium text-stone">
        {label}
      </label>
      {children}
    </div>
  );
}
