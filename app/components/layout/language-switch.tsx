import { useTranslation } from "~/hooks/use-translation";
import { useLocation } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { defaultAlternatePath } from "~/utils/locale";
import { usePageData } from "./shell";

/** Link to the same page in the other language, localized slugs included. */
export function LanguageSwitch({ alternates }: { alternates?: Partial<Record<"it" | "en", string>> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const location = useLocation();
  const page = usePageData();
  const target = locale === "it" ? "en" : "it";
  const path = (alternates ?? page.alternates)?.[target] ?? defaultAlternatePath(location.pathname, target);
  // A plain document link: the whole shell (texts, menu, banner) changes language.
  return (
    <a
      href={path + location.search}
      hrefLang={target}
      lang={target}
      aria-label={t("header.switchLanguageLabel")}
      className="link inline-flex min-h-11 items-center px-2 text-xs tracking-widest uppercase"
      data-testid="language-switch"
    >
      {t("header.switchLanguage")}
    </a>
  );
}
