import { describe, expect, it } from "vitest";
import { i18nFor } from "./texts.server";
import { LOCALES } from "~/utils/locale";
import { namespaces, resources } from "./resources";
import { createTranslator } from "./translator";

/** Every text's key path, plural forms folded into their base key. */
function keysOf(node: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix + key.replace(/_(zero|one|two|few|many|other)$/, "");
    return value !== null && typeof value === "object" ? keysOf(value as Record<string, unknown>, `${path}.`) : [path];
  });
}

/** The names a text interpolates, each given a value the way pages do (numbers for counts). */
function optionsFor(text: unknown, count?: number): Record<string, unknown> {
  const names = [...String(text ?? "").matchAll(/\{\{\s*([^{}\s,]+)/g)].map((match) => match[1]);
  const options: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, name === "count" ? 1234 : `«${name}»`]));
  if (count !== undefined) options.count = count;
  return options;
}

describe("the pages' translator", () => {
  for (const locale of LOCALES) {
    it(`says what i18next says for every ${locale} text, plurals and interpolations included`, () => {
      const translator = createTranslator(locale, resources[locale]);
      const i18n = i18nFor(locale);
      let compared = 0;
      for (const ns of namespaces) {
        const ours = translator.getFixedT(null, ns) as unknown as (key: string, options?: object) => string;
        const theirs = i18n.getFixedT(locale, ns) as unknown as (key: string, options?: object) => string;
        for (const key of new Set(keysOf(resources[locale][ns] as Record<string, unknown>))) {
          const raw = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[locale][ns]);
          const sample = raw ?? key.split(".").reduce<unknown>((node, part, index, parts) => (node as Record<string, unknown> | undefined)?.[index === parts.length - 1 ? `${part}_other` : part], resources[locale][ns]);
          for (const options of [optionsFor(sample), optionsFor(sample, 1), optionsFor(sample, 0), optionsFor(sample, 7), optionsFor(sample, 12345)]) {
            expect(ours(key, options), `${locale} ${ns}:${key} ${JSON.stringify(options)}`).toBe(theirs(key, options));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(2000);
    });
  }

  it("reads a namespace from the key or the options, and shows a missing key as the key", () => {
    const t = createTranslator("it", resources.it).getFixedT(null) as unknown as (key: string, options?: object) => string;
    expect(t("home:title")).toBe(resources.it.home.title);
    expect(t("title", { ns: "home" })).toBe(resources.it.home.title);
    expect(t("no.such.text")).toBe("no.such.text");
  });

  it("holds only the texts it was given, and follows a change of language", () => {
    const translator = createTranslator("it", { common: { hello: "Ciao {{name}}" } });
    const t = translator.getFixedT(null) as unknown as (key: string, options?: object) => string;
    expect(t("hello", { name: "Anna" })).toBe("Ciao Anna");
    expect(translator.hasResourceBundle("it", "bag")).toBe(false);
    translator.changeLanguage("en");
    translator.addResourceBundle("en", "common", { hello: "Hello {{name}}" });
    expect(translator.language).toBe("en");
    expect(t("hello", { name: "Anna" })).toBe("Hello Anna");
  });
});
