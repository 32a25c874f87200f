import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { useLocale, useRootData } from "~/hooks/use-locale";
import { LegalLine } from "./legal-line";
import { Notices } from "./notices";
import type { PageData } from "~/hooks/use-page-data";

/** Login and checkout: logo, back to the previous step, secure-payment note, minimal footer. */
export function AuthLayout({ page, children }: { page: PageData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const data = useRootData();
  return (
    <>
      <header className="border-b border-line bg-ivory">
        <div className="container-page grid h-16 grid-cols-3 items-center">
          <Link to={page.prevStep ?? href("/")} className="link inline-flex min-h-11 items-center gap-2 text-sm">
            <span aria-hidden="true">←</span>{" "}
            {/* A phone's header has room for "Indietro" only; the step's own label from the tablet up.
                A text browser, which ignores the styles, shows both: the hidden " · " parts them. */}
            {page.prevStepLabel ? (
              <>
                <span className="sm:hidden">{t("auth.back")}</span>
                <span className="hidden"> · </span>
                <span className="hidden sm:inline">{page.prevStepLabel}</span>
              </>
            ) : (
              t("auth.back")
            )}
          </Link>{" "}
          <Link to={href("/")} className="justify-self-center font-display text-2xl tracking-[0.3em] uppercase" aria-label={t("homeLink")}>
            {t("brand")}
          </Link>{" "}
          {page.securePayment ? (
            <p className="inline-flex items-center gap-1.5 justify-self-end text-sm text-stone">
              <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.5">
                <rect x="3" y="7" width="10" height="7" rx="1" />
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
              </svg>
              {/* A phone's header has room for the lock only; the words stay for screen readers. */}
              <span className="sr-only sm:not-sr-only">{t("auth.securePayment")}</span>
            </p>
          ) : (
            <Link to={href(data.isAccountHolder ? "/account" : "/login")} className="link justify-self-end text-sm">
              {t("auth.account")}
            </Link>
          )}
        </div>
      </header>
      <Notices notices={data.notices} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-line py-6 text-center text-xs text-stone">
        <LegalLine legal={data.shop.legal} />
      </footer>
    </>
  );
}
