import { useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { CHOOSER_PATH, POPUP_AUTO_CLOSE_MS, showCountryPopup } from "~/modules/country/country-rules";
import type { RootData } from "~/hooks/use-locale";
import { CountryLink } from "./country-link";

/**
 * The small country popup: when the page's language and the shop's country disagree (and no
 * preference is set, and not while the cookie banner asks: see showCountryPopup), it offers staying or switching, as a form and a link
 * that work without JavaScript. It never redirects by itself. With JavaScript it has a close
 * button and closes after 30 s (the countdown waits while the shopper is on it). A small sheet
 * hanging under the header (the layout puts it there), so that it covers no hero's buttons.
 */
export function CountryPopup({ country, consentPending }: { country: RootData["country"]; consentPending: boolean }) {
  const { t } = useTranslation("country");
  const { locale, href } = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const [held, setHeld] = useState(false);
  const shown = !closed && showCountryPopup({ locale, country: country.current, path: location.pathname, preference: country.preference, consentPending });

  useEffect(() => {
    if (!shown || held) return;
    const timer = window.setTimeout(() => setClosed(true), POPUP_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [shown, held]);

  if (!shown) return null;
  const onItalian = country.current === "IT";
  const hold = () => setHeld(true);
  const release = () => setHeld(false);
  return (
    <div className="container-page flex justify-end pt-2">
      <section
        aria-label={t("popup.label")}
        data-testid="country-popup"
        className="pointer-events-auto relative w-full border border-line bg-paper px-4 py-3 shadow-lg motion-safe:animate-[fade-in_200ms_ease-out] sm:max-w-sm sm:p-5"
        onMouseEnter={hold}
        onMouseLeave={release}
        onFocus={hold}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release();
        }}
      >
        {/* A small sheet: the situation and the other choice in one or two lines, the main choice under them. */}
        <p className="mb-2 pr-8 text-[0.8125rem] leading-snug sm:mb-3 sm:text-sm">
          {t(onItalian ? "popup.onItalian" : "popup.onInternational")}{" "}
          <CountryLink className="font-medium whitespace-nowrap underline underline-offset-2 hover:text-terracotta">{t(onItalian ? "popup.chooseOther" : "popup.stayInternational")}</CountryLink>
        </p>
        <Form method="post" action={href(CHOOSER_PATH)} preventScrollReset>
          <input type="hidden" name="path" value={location.pathname + location.search} />
          <button type="submit" name="country" value="IT" className="btn btn-primary px-4 text-xs sm:px-5">
            {t(onItalian ? "popup.stayItalian" : "popup.goItalian")}
          </button>
        </Form>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setClosed(true)}
            aria-label={t("popup.close")}
            title={t("popup.close")}
            className="absolute top-0 right-0 inline-flex size-11 items-center justify-center text-xl hover:text-terracotta"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </section>
    </div>
  );
}

export default CountryPopup;
