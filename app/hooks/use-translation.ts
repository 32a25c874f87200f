import type { Namespace, TFunction } from "i18next";
import { createContext, useContext, useMemo } from "react";
import { type Translator, createTranslator } from "~/i18n/translator";

/** The page's texts: the request's translator on the server, the page's in the browser (entry.*). */
export const TranslatorContext = createContext<Translator>(createTranslator("it"));

/**
 * The shop's `useTranslation`: the texts of one namespace, from the translator the entry
 * provides (app/i18n/translator.ts). Every text arrives with the page and a language switch is
 * a new document, so nothing here subscribes or loads.
 */
export function useTranslation<Ns extends Namespace = "common">(ns?: Ns): { t: TFunction<Ns>; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  const t = useMemo(() => i18n.getFixedT(null, (ns ?? "common") as string), [i18n, ns]);
  return { t: t as unknown as TFunction<Ns>, i18n };
}
