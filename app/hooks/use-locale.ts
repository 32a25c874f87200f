import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { type Locale, localizePath } from "~/utils/locale";

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("Root data is missing");
  return data;
}

/** The page's language and a helper that prefixes Italian-shaped paths for it. */
export function useLocale(): { locale: Locale; href: (path: string) => string } {
  const locale = useRouteLoaderData<RootData>("root")?.locale ?? "it";
  return { locale, href: (path: string) => localizePath(path, locale) };
}
