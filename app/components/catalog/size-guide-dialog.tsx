import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { DialogProps } from "~/components/ui/dialog-events";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { loader as sizeGuideLoader } from "~/routes/size-guide";
import { SizeGuideView } from "./size-guide-view";

/**
 * The size guide as a modal dialog over the product page (useModalDialog: Escape and navigation
 * close it, the focus goes back to the link). Its data is the guide page's own loader, read from
 * the link that opened it; "Trova la tua taglia" is that page's GET form through this dialog's
 * fetcher, so the suggestion appears in place and the product page stays.
 */
export default function SizeGuideDialog({ opener, onClosed }: DialogProps) {
  const { locale } = useLocale();
  const { i18n, t } = useTranslation("size-guide");
  const guide = useFetcher<typeof sizeGuideLoader>();
  const dialog = useRef<HTMLDialogElement>(null);
  const path = opener?.getAttribute("href") ?? "";

  // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per opening
  useEffect(() => void guide.load(path), []);

  // The guide's texts arrive with its data (the product page does not carry them).
  const loaded = guide.data;
  if (loaded) {
    for (const [ns, bundle] of Object.entries(loaded.texts)) {
      if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, bundle);
    }
  }

  useModalDialog(dialog, { ready: loaded !== undefined, opener, onClosed });

  if (!loaded) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="size-guide-dialog-title"
      data-testid="size-guide-dialog"
      className="m-auto max-h-[min(52rem,calc(100dvh-2rem))] w-[min(52rem,calc(100vw-2rem))] overflow-y-auto bg-paper p-6 text-ink shadow-xl backdrop:bg-ink/40 desk:p-8"
    >
      <form method="dialog" className="float-right -mr-2 -mt-2 ml-4">
        <button type="submit" aria-label={t("close")} title={t("close")} className="inline-flex size-11 items-center justify-center text-2xl hover:text-terracotta">
          <span aria-hidden="true">×</span>
        </button>
      </form>
      <SizeGuideView data={loaded} FindForm={guide.Form} headingLevel={2} titleId="size-guide-dialog-title" />
    </dialog>
  );
}
