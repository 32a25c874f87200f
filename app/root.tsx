import { useEffect } from "react";
import { useTranslation } from "~/hooks/use-translation";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  data,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { Shell } from "~/components/layout/shell";
import { useNonce } from "~/components/ui/nonce";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { i18nextMiddleware } from "~/middleware/i18next.server";
import { sessionMiddleware } from "~/middleware/session.server";
import { loadShell } from "~/modules/content/shell.server";
import { localeFromPath } from "~/utils/locale";
import stylesheet from "~/styles/app.css?url";
import fontUrl from "@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url";

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  return data(await loadShell(context, request));
}

export type RootData = Awaited<ReturnType<typeof loadShell>>;

// The shell (menu, banner, texts) depends on the language only; flash notices arrive after
// form posts, which revalidate anyway.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  if (localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)) return true;
  return defaultShouldRevalidate && currentUrl.pathname !== nextUrl.pathname;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const matches = useMatches();
  // Before the first render, give i18next this language's texts: the shell's from the root
  // data, and any route's own namespaces from its data (`texts`, see pickTexts).
  if (root) {
    const bundles = [root.translations, ...matches.map((match) => (match.loaderData as { texts?: Record<string, object> } | undefined)?.texts)];
    for (const texts of bundles) {
      for (const [ns, bundle] of Object.entries(texts ?? {})) {
        if (!i18n.hasResourceBundle(root.locale, ns)) i18n.addResourceBundle(root.locale, ns, bundle, true, true);
      }
    }
  }
  if (root && i18n.language !== root.locale) i18n.changeLanguage(root.locale);
  const lang = root?.locale ?? "it";
  // Tests wait for this mark instead of reading React internals; the outermost effect runs last.
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#FAF8F5" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
