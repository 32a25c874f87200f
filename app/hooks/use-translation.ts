import type { i18n as I18n, Namespace, TFunction } from "i18next";
import { useContext, useMemo } from "react";
import { I18nContext } from "react-i18next";

/**
 * The shop's `useTranslation`: the texts of one namespace from the request's (server) or the
 * page's (browser) i18next instance, which react-i18next's provider hands down.
 *
 * Why not react-i18next's own hook: it subscribes to language and resource events and loads
 * missing namespaces, which this shop never needs (every text arrives with the page and a
 * language switch is a new document), and it costs ≈ 2.5 KiB of gzipped JavaScript on every
 * page (see docs/decisions/004-javascript-budget.md).
 */
export function useTranslation<Ns extends Namespace = "common">(ns?: Ns): { t: TFunction<Ns>; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  const t = useMemo(() => i18n.getFixedT(null, (ns ?? "common") as Ns), [i18n, ns]);
  return { t: t as TFunction<Ns>, i18n };
}
