import { useLocation } from "react-router";
import { DialogHost } from "~/components/ui/dialog-host";
import { useTranslation } from "~/hooks/use-translation";
import { showConsentBanner } from "~/modules/consent/consent";
import type { RootData } from "~/hooks/use-locale";
import { Banner } from "./banner";
import { Notices } from "./notices";
import { LazyConsentBanner, LazyCountryPopup, LazyFooter, LazyHeader } from "./shell-islands.lazy";
import type { PageData } from "~/hooks/use-page-data";

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
      {/* The header, and hanging from its lower edge the notices and then the country suggestion:
          below the header whatever its height, never over it, in view while it sticks, and over
          the top of the page, where no hero's buttons are. Over a page's hero (its page data's
          transparentNavbar) the header is transparent until the page scrolls (app.css). */}
      <div className={`header-block sticky top-0 z-40${page.transparentNavbar ? " header-over-hero" : ""}`}>
        <LazyHeader data={data} page={page} />
        <div className="notices-hang pointer-events-none absolute inset-x-0 top-full">
          <Notices notices={data.notices} className="" />
          <LazyCountryPopup country={data.country} consentPending={showConsentBanner(data.consent !== null, location.pathname)} />
        </div>
      </div>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <LazyFooter locale={data.locale} />
      {/* The cookie banner: sticky at the bottom of the window, and at the end of the page in the
          flow, so that it never hides the end of the page. The country suggestion waits for it. */}
      <div className="pointer-events-none sticky bottom-0 z-30">
        <LazyConsentBanner decided={data.consent !== null} />
      </div>
      <DialogHost country={data.country} />
    </>
  );
}
