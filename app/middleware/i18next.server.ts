import { type MiddlewareFunction, type RouterContextProvider, createContext } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { resources } from "~/i18n/resources";
import { type Translator, createTranslator } from "~/i18n/translator";
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale, localeFromPath } from "~/utils/locale";

// The URL alone decides the language: no cookie, no Accept-Language (spec: Italian at /, English
// under /en; a shopper's browser settings never override the address they followed).
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => localeFromPath(new URL(request.url).pathname),
  },
});

/** What the pages render with (app/i18n/translator.ts): one per language, over all its texts. */
const translators = new Map<Locale, Translator>(LOCALES.map((locale) => [locale, createTranslator(locale, resources[locale])]));

/** The translator React renders a page of this language with (entry.server.tsx). */
export function translatorFor(locale: Locale): Translator {
  return translators.get(locale)!;
}

const localeContext = createContext<Locale>(DEFAULT_LOCALE);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const detected = await detector.getLocale(request);
  context.set(localeContext, isLocale(detected) ? detected : DEFAULT_LOCALE);
  return next();
};

/** The request's language (Italian unless the path is under /en). */
export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}
