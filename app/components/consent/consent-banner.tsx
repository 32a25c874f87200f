import { Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { COOKIES_PAGE_PATH, showConsentBanner } from "~/modules/consent/consent";

/**
 * The cookie banner (Italian DPA guidelines, 10 June 2021), server-rendered at the bottom of
 * every page until the shopper chooses: "accept all", a link to the granular choices, and an X
 * that refuses and says so. On a phone it keeps to two lines of text (a shorter wording that
 * still says what the X does) and one row of buttons. Its buttons post to the cookies page's action: without JavaScript as
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
        // Phones: two lines of text, then the buttons with the X at the end of their row. From
        // the tablet up: the title and the X, the full text, the buttons (beside it on desktop).
        // The X comes last in the source at every width, so the keyboard meets the text and the
        // main choices first, as the eye does on a phone.
        className="container-page grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 py-3 sm:gap-y-3 sm:py-4 desk:gap-x-8"
      >
        {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
        <h2 id="consent-title" className="sr-only sm:not-sr-only sm:col-start-1 sm:row-start-1 sm:pt-2 sm:text-2xl">
          {t("consent.title")}
        </h2>
        <p className="col-span-2 row-start-1 max-w-3xl text-xs leading-snug text-ink/90 sm:row-start-2 sm:text-sm sm:leading-normal desk:col-span-1">
          {/* One wording for a phone, the full one from the tablet up; a text browser shows both, apart. */}
          <span className="sm:hidden">{t("consent.short")}</span> <span className="hidden sm:inline">{t("consent.text")}</span>{" "}
          <Link to={href("/pages/Cookie-Policy")} className="underline hover:text-terracotta">
            <span className="sm:hidden">{t("consent.policyShort")}</span> <span className="hidden sm:inline">{t("consent.policy")}</span>
          </Link>
        </p>
        <div className="col-start-1 row-start-2 flex flex-wrap items-center gap-x-5 gap-y-2 max-sm:gap-x-4 sm:col-span-2 sm:row-start-3 desk:col-span-1 desk:col-start-2 desk:row-start-2">
          <button type="submit" name="intent" value="accept" className="btn btn-primary max-sm:px-4">
            {t("consent.accept")}
          </button>{" "}
          <Link to={href(COOKIES_PAGE_PATH)} className="link inline-flex min-h-11 items-center text-sm font-medium underline">
            {t("consent.choose")}
          </Link>
        </div>{" "}
        <button
          type="submit"
          name="intent"
          value="reject"
          aria-label={t("consent.refuseLabel")}
          className="col-start-2 row-start-2 -mr-2 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 justify-self-end px-2 text-sm underline-offset-4 hover:text-terracotta hover:underline sm:row-start-1"
          data-testid="consent-refuse"
        >
          <span className="max-sm:sr-only">{t("consent.refuse")}</span>{" "}
          <span aria-hidden="true" className="text-2xl leading-none">
            ×
          </span>
        </button>
      </fetcher.Form>
    </section>
  );
}

export default ConsentBanner;
