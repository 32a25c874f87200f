import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter, isRouteErrorResponse } from "react-router";
import { LiteModeProvider } from "~/components/layout/lite-mode";
import * as liteModeNotice from "~/components/layout/lite-mode-forms";
import * as routeErrorPage from "~/components/layout/route-error-page";
import * as noticeList from "~/components/layout/notice-list";
import * as homeView from "~/components/home/home-view";
import * as productView from "~/components/catalog/product-view";
import * as consentBanner from "~/components/consent/consent-banner";
import * as countryPopup from "~/components/country/country-popup";
import * as footer from "~/components/layout/footer";
import * as header from "~/components/layout/header";
import * as newsletterForm from "~/components/newsletter/newsletter-form";
import { registerServerModule } from "~/components/ui/lazy-island";
import { NonceProvider } from "~/components/ui/nonce";
import { TranslatorContext } from "~/hooks/use-translation";
import { getLocale, translatorFor } from "~/middleware/i18next.server";
import { isLiteMode } from "~/middleware/lite-mode.server";
import { appContext } from "~/server/context.server";
import { log } from "~/utils/log.server";
import { withoutModulePreloads } from "~/utils/module-preloads.server";
import { setCachePolicy } from "~/utils/cache-policy";
import displayFontUrl from "@fontsource-variable/bodoni-moda/files/bodoni-moda-latin-wght-normal.woff2?url";
import bodyFontUrl from "@fontsource-variable/jost/files/jost-latin-wght-normal.woff2?url";

/**
 * The two faces every page sets text in (docs/decisions/050-type.md), preloaded once each by the
 * document's Link header: the browser starts them with the HTML, and, unlike a <link> in the
 * root's `links`, their addresses are not in every page's JavaScript.
 */
const FONT_PRELOADS = [displayFontUrl, bodyFontUrl].map((url) => `<${url}>; rel=preload; as=font; type="font/woff2"; crossorigin`).join(", ");

export const streamTimeout = 5_000;

// Islands that load lazily in the browser render synchronously on the server.
registerServerModule("newsletter-form", newsletterForm);
registerServerModule("header", header);
registerServerModule("footer", footer);
registerServerModule("consent-banner", consentBanner);
registerServerModule("country-popup", countryPopup);
registerServerModule("product-view", productView);
registerServerModule("home-view", homeView);
registerServerModule("notice-list", noticeList);
registerServerModule("lite-mode-notice", liteModeNotice);
registerServerModule("route-error-page", routeErrorPage);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const lite = isLiteMode(loadContext);
  // The document depends on Save-Data (lite mode): a cache must keep the two apart. Added to what
  // a route said, and to the Accept-Encoding that compression adds later.
  if (!/(?:^|,)\s*save-data\s*(?:,|$)/i.test(responseHeaders.get("Vary") ?? "")) responseHeaders.append("Vary", "Save-Data");
  // A second policy, enforced with the first: a lite page runs no script even if one slipped in.
  if (lite) responseHeaders.append("Content-Security-Policy", "script-src 'none'");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, pageCache } = loadContext.get(appContext);
  const translator = translatorFor(getLocale(loadContext));
  if (pageCache) {
    // The page cache keeps a plain 200 whose route allows it (app/middleware/page-cache.server.ts).
    pageCache.cacheable = pageCache.routeAllows && responseStatusCode === 200 && !responseHeaders.has("Set-Cookie") && !/\bno-store\b/.test(responseHeaders.get("Cache-Control") ?? "");
  }
  // Such a page has no nonce: every shopper gets the same document, and its policy names its
  // inline scripts and style by hash (page-cache.server.ts).
  const nonce = pageCache?.cacheable ? undefined : cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, the no-JavaScript path and lite pages get the complete document at once (a lite
    // page has no script to swap in what a streamed Suspense boundary sends later), and so does a
    // page the page cache keeps (every shopper gets the same document, whoever asked first).
    const readyOption: keyof RenderToPipeableStreamOptions =
      lite || pageCache?.cacheable || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <LiteModeProvider value={lite}>
          <TranslatorContext.Provider value={translator}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </TranslatorContext.Provider>
        </LiteModeProvider>
      </NonceProvider>,
      {
        // Styles too: the banner's <style> is hoisted into the head, and the CSP allows no other inline style.
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        // React 19.2 outlines completed Suspense boundaries once the document passes this many
        // bytes (into <div hidden> that a script reveals). The footer's newsletter island sits in
        // such a boundary, so without JavaScript it would stay hidden: never outline.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = withoutModulePreloads(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.append("Link", FONT_PRELOADS);
          if (!responseHeaders.has("Cache-Control")) setCachePolicy(responseHeaders, "page");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render error", { error: error instanceof Error ? error.stack : String(error) });
        },
      },
    );
  });
}

/**
 * React Router hands over what a loader or action threw, and its own answers to a request no
 * route can take (405: a POST to a page without an action, a PUT). A 4xx answer is routine (the
 * request log already has it) and is logged at debug level; a fault keeps its stack, at error level.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug("error response", { method: request.method, url: request.url, status: error.status, statusText: error.statusText });
    return;
  }
  // A 5xx error response carries the fault it stands for (React Router's internal errors do).
  const fault = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error.data) : error;
  log.error("unhandled error", { method: request.method, url: request.url, error: fault instanceof Error ? fault.stack : describe(fault) });
}

/** What a thrown non-Error says: its JSON (a plain object), never "[object Object]". */
function describe(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
