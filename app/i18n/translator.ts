import type { TFunction } from "i18next";
import { formatInteger } from "~/utils/number-format";

/** One language's texts: namespace → nested keys → strings. */
export type TextBundles = Record<string, Record<string, unknown>>;

/**
 * What React components translate with, on the server and in the browser alike.
 *
 * The server keeps i18next for everything outside React (loaders, actions, mail); the pages
 * render with this small reader of the same texts, which does the four things the shop's texts
 * use: namespaces (`ns:key` or `{ ns }`), nested keys, plurals (`_one`/`_other` chosen by
 * `Intl.PluralRules`, as i18next does) and `{{value}}` / `{{value, number}}` interpolation.
 * i18next and react-i18next were 15 KiB of gzipped JavaScript on every page only to look up
 * texts that arrive with the page (docs/decisions/025-first-paint-and-client-texts.md). A unit
 * test holds it to i18next's output for every text of both languages.
 */
export interface Translator {
  readonly language: string;
  /** A client navigation into the other language (links are documents, but a stray one is not): its texts follow. */
  changeLanguage(language: string): void;
  /** A `t` bound to one namespace (default: common). */
  getFixedT(language: string | null, namespace?: string): TFunction;
  hasResourceBundle(language: string, namespace: string): boolean;
  addResourceBundle(language: string, namespace: string, bundle: object): void;
}

type TextOptions = { count?: unknown; ns?: unknown } & Record<string, unknown>;

const PLACEHOLDER = /\{\{\s*([^{}\s,]+)\s*(?:,\s*([^{}\s]+)\s*)?\}\}/g;

export function createTranslator(language: string, bundles: TextBundles = {}): Translator {
  let texts: TextBundles = { ...bundles };
  let plurals = new Intl.PluralRules(language);

  function lookup(namespace: string, key: string): unknown {
    let node: unknown = texts[namespace];
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  }

  function interpolate(text: string, options: TextOptions): string {
    return text.replace(PLACEHOLDER, (whole, name: string, format?: string) => {
      if (!(name in options)) return whole;
      const value = options[name];
      if (format === "number" && typeof value === "number") return formatInteger(value, language === "en" ? "en" : "it");
      return String(value);
    });
  }

  function translate(defaultNamespace: string, key: string, options: TextOptions = {}): string {
    let namespace = typeof options.ns === "string" ? options.ns : defaultNamespace;
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0 && key.slice(0, colon) in texts) {
      namespace = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    let text: unknown;
    if (typeof options.count === "number") text = lookup(namespace, `${path}_${plurals.select(options.count)}`);
    if (typeof text !== "string") text = lookup(namespace, path);
    // As i18next: a missing text shows its key (visible in review, never a crash).
    return typeof text === "string" ? interpolate(text, options) : path;
  }

  return {
    get language() {
      return language;
    },
    changeLanguage(next) {
      if (next === language) return;
      language = next;
      texts = {};
      plurals = new Intl.PluralRules(language);
    },
    getFixedT(_language, namespace = "common") {
      return ((key: string, options?: TextOptions) => translate(namespace, key, options)) as unknown as TFunction;
    },
    hasResourceBundle(_language, namespace) {
      return namespace in texts;
    },
    addResourceBundle(_language, namespace, bundle) {
      texts[namespace] = bundle as Record<string, unknown>;
    },
  };
}
