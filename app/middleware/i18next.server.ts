import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { type MiddlewareFunction, type RouterContextProvider, createContext } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { withDateArticles } from "~/utils/date-article";
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

/**
 * One i18next instance per language for the whole process. remix-i18next's middleware creates
 * and initialises an instance on every request, which measured 11 % of the server's time on the
 * product page; the texts are bundled and never change at run time, so sharing is safe (nothing
 * calls changeLanguage on these instances).
 */
const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const instance = i18next.createInstance();
    // Italian's article before a date ("dall'11 dicembre"), in every text the server writes (mails, API messages).
    instance.use({ type: "postProcessor", name: "dateArticles", process: (value: string) => withDateArticles(value) });
    instance.init({
      postProcess: ["dateArticles"],
      lng: locale,
      resources,
      defaultNS: "common",
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    memoizeTexts(instance);
    return [locale, instance];
  }),
);

/** i18next's fixed `t` without its overloads, and the properties it carries. */
type UntypedT = ((...args: unknown[]) => unknown) & { lng?: unknown; ns?: unknown; keyPrefix?: unknown };

/** Texts kept per language; interpolated values (prices, names) make new keys, hence a bound. */
const MAX_MEMOIZED_TEXTS = 20_000;

const isMemoizable = (options: unknown): boolean =>
  options === undefined ||
  (typeof options === "object" &&
    options !== null &&
    Object.getPrototypeOf(options) === Object.prototype &&
    Object.values(options).every((value) => value === null || ["string", "number", "boolean"].includes(typeof value)));

/**
 * Remembers what each `t(key, options)` returned. i18next resolves a key anew on every call
 * (≈ 8 µs: option parsing, namespace and plural lookup, interpolation, nesting); a page calls it
 * 60–160 times, which measured 9 % of the server's time. The resources never change at run
 * time, so a call with only primitive options always yields the same text.
 */
function memoizeTexts(instance: I18n): void {
  const getFixedT = instance.getFixedT.bind(instance);
  const texts = new Map<string, string>();
  instance.getFixedT = ((lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string, ...rest: unknown[]) => {
    const t = (getFixedT as unknown as (...args: unknown[]) => UntypedT)(lng, ns, keyPrefix, ...rest);
    if (keyPrefix || rest.length || (lng != null && typeof lng !== "string") || (ns != null && typeof ns !== "string")) return t;
    const scope = `${lng ?? ""}\u0000${ns ?? ""}\u0000`;
    const memoized = (key: unknown, options?: unknown, ...more: unknown[]) => {
      if (typeof key !== "string" || more.length || !isMemoizable(options)) return t(key, options, ...more);
      const id = options === undefined ? scope + key : `${scope}${key}\u0000${JSON.stringify(options)}`;
      const known = texts.get(id);
      if (known !== undefined) return known;
      const text = t(key, options);
      if (typeof text === "string") {
        if (texts.size >= MAX_MEMOIZED_TEXTS) texts.clear();
        texts.set(id, text);
      }
      return text;
    };
    return Object.assign(memoized, { lng: t.lng, ns: t.ns, keyPrefix: t.keyPrefix });
  }) as unknown as I18n["getFixedT"];
}

/** The shared instance of a language (also for code that runs outside a request: mail, scripts). */
export function i18nFor(locale: Locale): I18n {
  return instances.get(locale)!;
}

/** What the pages render with (app/i18n/translator.ts): one per language, over all its texts. */
const translators = new Map<Locale, Translator>(LOCALES.map((locale) => [locale, createTranslator(locale, resources[locale])]));

/** The translator React renders a page of this language with (entry.server.tsx). */
export function translatorFor(locale: Locale): Translator {
  return translators.get(locale)!;
}

/** A `t` of one language, default namespace common. */
export function fixedT(locale: Locale): TFunction {
  return i18nFor(locale).getFixedT(locale);
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

/** The request language's shared i18next instance. */
export function getInstance(context: Readonly<RouterContextProvider>): I18n {
  return i18nFor(getLocale(context));
}
