import { useTranslation } from "~/hooks/use-translation";
import { useLocale } from "~/hooks/use-locale";
import { formatMoney } from "~/utils/money";

/**
 * A price, with the full price struck through when it is reduced and, under a reduced price,
 * the lowest price of the 30 days before the reduction (Codice del Consumo art. 17-bis).
 * `compact` (the product cards): that line in a short form on one line, so the cards of a row
 * keep one height; assistive technology still reads the whole sentence.
 */
export function Price({
  cents,
  compareAtCents,
  lowestCents = null,
  className = "",
  compact = false,
}: {
  cents: number;
  compareAtCents: number | null;
  lowestCents?: number | null;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (compareAtCents && compareAtCents > cents) {
    return (
      <div className={className}>
        {/* The spaces and colons keep label and amount apart where the styles do not apply
            (text browsers, copied text); in the flex row they take no room. */}
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">{t("price.now")}: </span>
          <span className="font-semibold text-sale">{formatMoney(cents, locale)}</span>{" "}
          <span className="sr-only">{t("price.was")}: </span>
          <s className="text-stone">{formatMoney(compareAtCents, locale)}</s>
        </p>
        {lowestCents === null ? null : compact ? (
          // The label gives way (an ellipsis) before the amount does, which always shows whole.
          <p className="mt-0.5 flex font-sans text-[0.6875rem] leading-4 text-stone" data-testid="lowest-price">
            <span className="sr-only">{t("price.lowest", { price: formatMoney(lowestCents, locale) })}</span>{" "}
            <span aria-hidden="true" className="truncate">
              {t("price.lowestShort")}
            </span>
            <span aria-hidden="true" className="shrink-0 whitespace-pre">
              {" "}
              {formatMoney(lowestCents, locale)}
            </span>
          </p>
        ) : (
          <p className="mt-0.5 font-sans text-xs text-stone" data-testid="lowest-price">
            {t("price.lowest", { price: formatMoney(lowestCents, locale) })}
          </p>
        )}
      </div>
    );
  }
  return (
    <p className={className}>
      <span className="sr-only">{t("price.from")}: </span>
      {formatMoney(cents, locale)}
    </p>
  );
}
