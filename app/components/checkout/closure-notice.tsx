import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { formatLongDate } from "~/utils/dates";
import { withDateArticlesT } from "~/utils/date-article";

/** A closure notice in force (spec §9): the owner's words and the day orders placed now ship from. */
export function ClosureNotice({ closure, className = "mb-6" }: { closure: { text: string; shipsFrom: string } | null; className?: string }) {
  const t = withDateArticlesT(useTranslation("checkout").t);
  const { locale } = useLocale();
  if (!closure) return null;
  return (
    <p className={`${className} border-l-4 border-warning bg-paper px-4 py-3 text-sm`} data-testid="closure-notice">
      <span className="font-medium">{closure.text}</span> {t("closure.shipsFrom", { date: formatLongDate(`${closure.shipsFrom}T12:00:00Z`, locale) })}
    </p>
  );
}
