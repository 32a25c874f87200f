import { useRef } from "react";
import { useLocation } from "react-router";
import { usePageData } from "~/hooks/use-page-data";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { CHOOSER_PATH } from "~/modules/country/country-rules";
import type { DialogProps } from "~/components/ui/dialog-events";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { CountryChooser } from "./country-chooser";

/**
 * The chooser as a modal dialog (useModalDialog: Escape, a scroll past 20 % of the window and
 * navigation close it, the focus goes back to the link that opened it). It also closes on its
 * close button and when a country is chosen.
 */
export default function CountryDialog({ opener, country, onClosed }: DialogProps) {
  const { t } = useTranslation("country");
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const page = usePageData();
  const { href } = useLocale();

  useModalDialog(dialog, { ready: true, opener, onClosed });

  return (
    <dialog
      ref={dialog}
      aria-labelledby="country-dialog-title"
      data-testid="country-dialog"
      className="m-auto max-h-[min(44rem,calc(100dvh-2rem))] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto bg-paper p-6 text-ink shadow-xl backdrop:bg-ink/40 desk:p-8"
    >
      <div className="mb-2 flex items-start justify-between gap-4">
        <h2 id="country-dialog-title" className="text-3xl">
          {t("chooser.title")}
        </h2>
        <form method="dialog">
          <button type="submit" aria-label={t("chooser.close")} title={t("chooser.close")} className="-mr-2 -mt-2 inline-flex size-11 items-center justify-center text-2xl hover:text-terracotta">
            <span aria-hidden="true">×</span>
          </button>
        </form>
      </div>
      <p className="mb-6 text-sm text-stone">{t("chooser.intro")}</p>
      <CountryChooser
        action={href(CHOOSER_PATH)}
        options={country.options}
        current={country.current}
        path={location.pathname + location.search}
        alternates={Object.values(page.alternates ?? {}).filter((path): path is string => !!path)}
        onSubmit={() => dialog.current?.close()}
      />
    </dialog>
  );
}
