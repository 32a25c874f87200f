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
import { BannerColors } from "~/components/layout/banner";
import { useLiteMode } from "~/components/layout/lite-mode";
import { serverModule } from "~/components/ui/lazy-island";
import { Shell } from "~/components/layout/shell";
import { useNonce } from "~/components/ui/nonce";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { i18nextMiddleware } from "~/middleware/i18next.server";
import { liteModeMiddleware } from "~/middleware/lite-mode.server";
import { routePatternMiddleware } from "~/middleware/route-pattern.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { CONTROL_PATH, type ShellData, loadShell } from "~/modules/content/shell.server";
import { useRootData } from "~/hooks/use-locale";
import { localeFromPath } from "~/utils/locale";
import stylesheet from "~/styles/app.css?url";

// The session middleware sits on the shop layout (routes/shop-layout.tsx): media, sitemaps and
// robots.txt never load a session. Lite mode is decided first, for every route and the document.
export const middleware: Route.MiddlewareFunction[] = [routePatternMiddleware, liteModeMiddleware, i18nextMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The shell every shopper sees alike (cached in the process); the shopper's own state comes from the shop layout. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale } = getRequestContext(context);
  return data(await loadShell(db, locale, { control: new URL(request.url).pathname === CONTROL_PATH }));
}

// The shell depends on the language only: a navigation or a form post within one language
// never reloads it (the shop layout's loader carries what changes: bag, notices, choices).
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<ShellData>("root");
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const lite = useLiteMode();
  const matches = useMatches();
  // Before the first render, give the translator this language's texts: the shell's from the root
  // data, and any route's own namespaces from its data (`texts`, see pickTexts).
  if (root) {
    i18n.changeLanguage(root.locale);
    const bundles = [root.translations, ...matches.map((match) => (match.loaderData as { texts?: Record<string, object> } | undefined)?.texts)];
    for (const texts of bundles) {
      for (const [ns, bundle] of Object.entries(texts ?? {})) {
        if (!i18n.hasResourceBundle(root.locale, ns)) i18n.addResourceBundle(root.locale, ns, bundle);
      }
    }
  }
  const lang = root?.locale ?? "it";
  // Tests wait for this mark instead of reading React internals; the outermost effect runs last.
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return (
    <html lang={lang} dir="ltr" data-lite={lite ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#FAF8F5" />
        <Meta />
        <Links />
        {root ? <BannerColors banner={root.banner} /> : null}
      </head>
      <body>
        {children}
        {/* Lite mode: no script at all, neither the app's modules, their preloads, the route
            data's inline scripts (they come with <Scripts>) nor the scroll restoration's. */}
        {lite ? (
          <LiteModeNotice />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * What every lite page says at its end (lite-mode-forms.tsx). Only a lite page shows it, and a
 * lite page runs no script, so its code stays on the server (registered in entry.server.tsx).
 */
function LiteModeNotice() {
  const Notice = serverModule("lite-mode-notice")?.default;
  return Notice ? <Notice /> : null;
}

export default function App() {
  return (
    <Shell data={useRootData()}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
