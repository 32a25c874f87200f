import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { type Namespace, mailTexts, resources } from "~/i18n/resources";
import { withDateArticles } from "~/utils/date-article";
import { LOCALES, type Locale } from "~/utils/locale";

// The one server-side text lookup (docs/decisions/042-one-server-side-translator.md): routes,
// services, API answers and mail all read their texts through `serverT` (a `t` of one namespace)
// or `serverText` (a message key named at run time), over one i18next instance per language.
// Nothing else reads `resources` or calls `getFixedT` (lint holds it), so every text gets the
// same plural rules, interpolation and Italian date articles.

/**
 * One i18next instance per language for the whole process. remix-i18next's middleware creates
 * and initialises an instance on every request, which measured 11 % of the server's time on the
 * product page; the texts are bundled and never change at run time, so sharing is safe (nothing
 * calls changeLanguage on these instances). The mail texts are a namespace of the same instances
 * (a mail is rendered outside any request: a script, the worker).
 */
const serverResources = {
  it: { ...resources.it, mail: mailTexts.it },
  en: { ...resources.en, mail: mailTexts.en },
};

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => {
    const instance = i18next.createInstance();
    // Italian's article before a date ("dall'11 dicembre"), in every text the server writes (mails, API messages).
    instance.use({ type: "postProcessor", name: "dateArticles", process: (value: string) => withDateArticles(value) });
    instance.init({
      postProcess: ["dateArticles"],
      lng: locale,
      resources: serverResources,
      defaultNS: "common",
      fallbackLng: false,
      // Values go in raw: the pages escape in React, the mail's HTML part escapes the whole line.
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

/** The shared instance of a language (the translator's tests compare with it). */
export function i18nFor(locale: Locale): I18n {
  return instances.get(locale)!;
}

const fixed = new Map<string, TFunction>();

/**
 * A `t` of one namespace (default: common) in one language: the one server-side translator.
 * The request context's `t` and `tns` are this for the request's language.
 */
export function serverT<N extends Namespace = "common">(locale: Locale, ns: N = "common" as N): TFunction<N> {
  const id = `${locale}:${ns}`;
  let t = fixed.get(id);
  if (!t) {
    t = i18nFor(locale).getFixedT(locale, ns) as TFunction;
    fixed.set(id, t);
  }
  return t as TFunction<N>;
}

/**
 * The text of a key named at run time ("validation.required", "api:notLoggedIn",
 * "mail:order.subject": namespace common unless it says), with its values; a key no text has
 * comes back as it is (an error table's key, or a library's own English message).
 */
export function serverText(locale: Locale, key: string, values: Record<string, unknown> = {}): string {
  const instance = i18nFor(locale);
  if (!instance.exists(key, values)) return key;
  return (serverT(locale) as unknown as (key: string, options: Record<string, unknown>) => string)(key, values);
}
