import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { resources } from "~/i18n/resources";
import { DEFAULT_LOCALE, LOCALES, localeFromPath } from "~/utils/locale";

// The URL alone decides the language: no cookie, no Accept-Language (spec: Italian at /, English
// under /en; a shopper's browser settings never override the address they followed).
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname),
  },
  i18next: {
    resources,
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
