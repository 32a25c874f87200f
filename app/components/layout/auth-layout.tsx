import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { useLocale, useRootData } from "~/hooks/use-locale";
import { Notices } from "./notices";
import type { PageData } from "./shell";

/** Login and checkout: logo, back to the previous step, secure-payment note, minimal footer. */
export function AuthLayout({ page, children }: { page: PageData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { href } = useLocale();
  const data = useRootData();
  const legal = data.shop.company;
  return (
    <>
      <header className="border-b border-line bg-ivory">
        <div className="container-page grid h-16 grid-cols-3 items-center">
          <Link to={page.prevStep ?? href("/")} className="link inline-flex min-h-11 items-center gap-2 text-sm">
            <span aria-hidden="true">←</span>
            {/* A phone's header has room for "Indietro" only; the step's own label from the tablet up. */}
            {page.prevStepLabel ? (
              <>
                <span className="sm:hidden">{t("auth.back")}</span>
                <span className="hidden sm:inline">{page.prevStepLabel}</span>
              </>
            ) : (
              t("auth.back")
            )}
          </Link>
          <Link to={href("/")} className="justify-self-center font-display text-2xl tracking-[0.3em] uppercase" aria-label={t("homeLink")}>
            {t("brand")}
          </Link>
          {page.securePayment ? (
            <p className="justify-self-end text-sm text-stone">
              <span aria-hidden="true">🔒 </span>
              {t("auth.securePayment")}
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
        <p>{t("footer.legal", { year: new Date().getUTCFullYear(), ...legal })}</p>
      </footer>
    </>
  );
}
