import { Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { COOKIES_PAGE_PATH, showConsentBanner } from "~/modules/consent/consent";

/**
 * The cookie banner (Italian DPA guidelines, 10 June 2021), server-rendered at the bottom of
 * every page until the shopper chooses: "accept all", a link to the granular choices, and an X
 * that refuses and says so. Its buttons post to the cookies page's action: without JavaScript as
 * a form that comes back to this page with a notice, with JavaScript through a fetcher.
 */
export function ConsentBanner({ decided }: { decided: boolean }) {
  const { t } = useTranslation("country");
  const { href } = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: "consent" });
  if (fetcher.formData || !showConsentBanner(decided, location.pathname)) return null;
  return (
    <section aria-labelledby="consent-title" data-testid="consent-banner" className="pointer-events-auto border-t border-line bg-paper shadow-[0_-8px_24px_-16px_rgba(0,0,0,0.25)]">
      <fetcher.Form
        method="post"
        action={href(COOKIES_PAGE_PATH)}
        // The banner goes away: keep focus in the page rather than on the removed button.
        onSubmit={() => document.getElementById("main")?.focus({ preventScroll: true })}
        className="container-page grid gap-x-8 gap-y-2 py-3 sm:gap-y-3 sm:py-4 desk:grid-cols-[1fr_auto] desk:items-center"
      >
        {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
        <div className="flex items-start justify-between gap-4 desk:col-span-2">
          <h2 id="consent-title" className="pt-3 text-lg sm:pt-2 sm:text-2xl">
            {t("consent.title")}
          </h2>
          <button
            type="submit"
            name="intent"
            value="reject"
            aria-label={t("consent.refuseLabel")}
            className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-1.5 px-2 text-xs underline-offset-4 hover:text-terracotta hover:underline sm:gap-2 sm:text-sm"
            data-testid="consent-refuse"
          >
            {t("consent.refuse")}{" "}
            <span aria-hidden="true" className="text-2xl leading-none">
              ×
            </span>
          </button>
        </div>
        <p className="max-w-3xl text-[0.8125rem] text-ink/90 sm:text-sm">
          {t("consent.text")}{" "}
          <Link to={href("/pages/Cookie-Policy")} className="underline hover:text-terracotta">
            {t("consent.policy")}
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <button type="submit" name="intent" value="accept" className="btn btn-primary">
            {t("consent.accept")}
          </button>{" "}
          <Link to={href(COOKIES_PAGE_PATH)} className="link inline-flex min-h-11 items-center text-sm font-medium underline">
            {t("consent.choose")}
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}
