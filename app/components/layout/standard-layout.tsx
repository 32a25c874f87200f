import { useLocation } from "react-router";
import { ConsentBanner } from "~/components/consent/consent-banner";
import { CountryPopup } from "~/components/country/country-popup";
import { DialogHost } from "~/components/ui/dialog-host";
import { useTranslation } from "~/hooks/use-translation";
import { showConsentBanner } from "~/modules/consent/consent";
import type { RootData } from "~/root";
import { Banner } from "./banner";
import { Footer } from "./footer";
import { Header } from "./header";
import { Notices } from "./notices";
import type { PageData } from "./shell";

export function StandardLayout({ data, page, children }: { data: RootData; page: PageData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:bg-paper focus:px-4 focus:py-2">
        {t("skipToContent")}
      </a>
      <div aria-hidden="true" className="scroll-progress fixed inset-x-0 top-0 z-50 h-0.5 bg-terracotta" />
      <Banner banner={data.banner} />
      <Header data={data} page={page} />
      <Notices notices={data.notices} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer locale={data.locale} />
      {/* The country popup or the cookie banner, one at a time (the cookie choice first): sticky
          at the bottom of the window, and at the end of the page in the flow, so that they never
          hide the end of the page. */}
      <div className="pointer-events-none sticky bottom-0 z-30">
        <CountryPopup country={data.country} consentPending={showConsentBanner(data.consent !== null, location.pathname)} />
        <ConsentBanner decided={data.consent !== null} />
      </div>
      <DialogHost country={data.country} />
    </>
  );
}
