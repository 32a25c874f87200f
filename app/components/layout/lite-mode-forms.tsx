import { useLocation } from "react-router";
import { useTranslation } from "~/hooks/use-translation";
import { LITE_MODE_PATH } from "~/utils/lite-mode";

/**
 * A plain form, never React Router's <Form>: the switch must load a new document (a client-side
 * navigation would keep the scripts of the page it leaves, or never load them).
 */
function LiteModeForm({ lite, className, children }: { lite: boolean; className?: string; children: React.ReactNode }) {
  const location = useLocation();
  return (
    <form method="post" action={LITE_MODE_PATH} className={className}>
      <input type="hidden" name="lite" value={lite ? "1" : "0"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {children}
    </form>
  );
}

/** The footer's way in ("Versione leggera"). */
export function LiteModeSwitch() {
  const { t } = useTranslation();
  return (
    <LiteModeForm lite>
      <button type="submit" className="link inline-flex min-h-10 items-center" data-testid="lite-mode-on">
        {t("lite.enter")}
      </button>
    </LiteModeForm>
  );
}

/** What every lite page says at its end, on every layout: that it is the lite version, and the way out. */
export function LiteModeNotice() {
  const { t } = useTranslation();
  return (
    <aside aria-labelledby="lite-mode-title" className="border-t border-line bg-sand text-sm" data-testid="lite-mode-notice">
      <LiteModeForm lite={false} className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-3">
        <p>
          <strong id="lite-mode-title" className="font-semibold">
            {t("lite.notice")}
          </strong>{" "}
          <span className="text-stone">{t("lite.explanation")}</span>
        </p>
        <button type="submit" className="inline-flex min-h-11 items-center font-medium underline underline-offset-4 hover:text-terracotta" data-testid="lite-mode-off">
          {t("lite.leave")}
        </button>
      </LiteModeForm>
    </aside>
  );
}

export default LiteModeNotice;
