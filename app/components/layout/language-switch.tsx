import { useTranslation } from "~/hooks/use-translation";
import { useLocation } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { defaultAlternatePath, localizePath } from "~/utils/locale";
import { usePageData } from "~/hooks/use-page-data";

/** Link to the same page in the other language, localized slugs included. */
export function LanguageSwitch({ alternates }: { alternates?: Partial<Record<"it" | "en", string>> }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const location = useLocation();
  const page = usePageData();
  const target = locale === "it" ? "en" : "it";
  const declared = alternates ?? page.alternates;
  const translated = declared?.[target];
  // A page that lists its translations and lacks this one (Whistleblowing is Italian only) has no
  // counterpart: the switch leads to the other language's home instead of a 404.
  const href = translated ? translated + location.search : declared ? localizePath("/", target) : defaultAlternatePath(location.pathname, target) + location.search;
  // A plain document link: the whole shell (texts, menu, banner) changes language.
  return (
    <a
      href={href}
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
