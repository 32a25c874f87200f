import { useTranslation } from "react-i18next";
import { useLocale } from "~/hooks/use-locale";
import { formatMoney } from "~/utils/money";

/** A price, with the full price struck through when it is reduced. */
export function Price({ cents, compareAtCents, className = "" }: { cents: number; compareAtCents: number | null; className?: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (compareAtCents && compareAtCents > cents) {
    return (
      <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
        <span className="sr-only">{t("price.now")}</span>
        <span className="font-semibold text-sale">{formatMoney(cents, locale)}</span>
        <span className="sr-only">{t("price.was")}</span>
        <s className="text-stone">{formatMoney(compareAtCents, locale)}</s>
      </p>
    );
  }
  return (
    <p className={className}>
      <span className="sr-only">{t("price.from")} </span>
      {formatMoney(cents, locale)}
    </p>
  );
}
