import { Form } from "react-router";
import { useLocale, useRootData } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { CountryCode, CountryOption } from "~/modules/country/country-rules";

const SHOPS = ["it", "eu"] as const;

/**
 * The country zone list as buttons of one POST form: each button chooses its country. Shared by
 * the dialog and the chooser page; the action stores the preference and sends the shopper to the
 * matching shop at the same page.
 */
export function CountryChooser({
  action,
  options,
  current,
  path,
  alternates,
  error,
  onSubmit,
}: {
  /** The chooser page's address in the page's language (its action). */
  action: string;
  options: CountryOption[];
  current: CountryCode | null;
  path: string;
  alternates: string[];
  error?: string;
  onSubmit?: () => void;
}) {
  const { t } = useTranslation("country");
  const { locale } = useLocale();
  const { bagCount } = useRootData();
  return (
    <Form method="post" action={action} preventScrollReset onSubmit={onSubmit} className="space-y-6">
      {/* Spec §4: changing country empties the bag; say so before the shopper confirms. */}
      {bagCount > 0 ? (
        <p className="border-l-4 border-warning bg-paper px-4 py-3 text-sm" data-testid="country-bag-warning">
          {t("chooser.bagWarning")}
        </p>
      ) : null}
      <input type="hidden" name="path" value={path} />
      {alternates.map((alternate) => (
        <input key={alternate} type="hidden" name="alternate" value={alternate} />
      ))}
      {error ? (
        <p role="alert" className="text-sm font-medium text-sale">
          {error}
        </p>
      ) : null}
      {SHOPS.map((shop) => (
        <fieldset key={shop}>
          <legend className="eyebrow mb-3">{t(`chooser.zones.${shop}`)}</legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {options
              .filter((option) => option.shop === shop)
              .map((option) => {
                const selected = option.code === current;
                return (
                  <li key={option.code}>
                    <button
                      type="submit"
                      name="country"
                      value={option.code}
                      aria-current={selected ? "true" : undefined}
                      className={`flex min-h-11 w-full items-center justify-between gap-2 border px-3 py-2 text-left text-sm transition-colors hover:border-ink ${selected ? "border-ink bg-sand font-semibold" : "border-line bg-paper"}`}
                    >
                      <span lang={option.lang === locale ? undefined : option.lang}>{option.label}</span>
                      {selected ? <span className="text-xs font-normal text-stone">{t("chooser.current")}</span> : <span aria-hidden="true" className="text-xs text-stone">{option.code === "ROTW" ? "" : option.code}</span>}
                    </button>
                  </li>
                );
              })}
          </ul>
        </fieldset>
      ))}
    </Form>
  );
}
