import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { DialogProps } from "~/components/ui/dialog-host";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { loader as bagLoader } from "~/routes/cart";
import { formatMoney } from "~/utils/money";
import { lineProblemText } from "./line-problem";

/**
 * The bag drawer, opened on the right after an add (spec: openRightSidebar). A modal dialog
 * (useModalDialog: Escape, a scroll past 20 % of the window and navigation close it, the focus
 * goes back to the button that added), closed also by its close button. Its data is the bag page's own loader, read when it opens, so
 * the lines and totals are the server's, priced now.
 */
export default function BagDrawer({ opener, onClosed }: DialogProps) {
  const { href, locale } = useLocale();
  const { i18n } = useTranslation();
  const { t } = useTranslation("bag");
  const bag = useFetcher<typeof bagLoader>();
  const dialog = useRef<HTMLDialogElement>(null);
  const loaded = bag.data;

  // Load once, on mount: the fetcher's own revalidation keeps it fresh after later actions.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per drawer
  useEffect(() => void bag.load(href("/cart")), []);

  // The bag's texts arrive with its data (the product page does not carry them).
  if (loaded) {
    for (const [ns, bundle] of Object.entries(loaded.texts)) {
      if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, bundle);
    }
  }

  useModalDialog(dialog, { ready: loaded !== undefined, opener, onClosed });

  if (!loaded) return null;
  const { lines, totals, count, checkoutBlocked } = loaded.bag;
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="bag-drawer-title"
      aria-describedby="bag-drawer-notice"
      data-testid="bag-drawer"
      className="fixed inset-y-0 left-auto right-0 m-0 flex h-dvh max-h-none w-[min(28rem,100vw)] max-w-none flex-col bg-paper p-0 text-ink shadow-xl backdrop:bg-ink/40 motion-safe:animate-[drawer-in_200ms_ease-out] [&:not([open])]:hidden"
    >
      <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-3">
        <h2 id="bag-drawer-title" className="text-3xl">
          {t("drawer.title")} <span className="font-sans text-sm text-stone">({t("drawer.count", { count })})</span>
        </h2>
        <form method="dialog">
          <button
            type="submit"
            aria-label={t("drawer.close")}
            title={t("drawer.close")}
            className="-mr-2 inline-flex size-11 items-center justify-center text-2xl hover:text-terracotta"
          >
            <span aria-hidden="true">×</span>
          </button>
        </form>
      </div>
      {/* The page's toast sits behind the modal, where assistive technology no longer reads it. */}
      <p className="flex items-center gap-2 border-b border-line bg-ivory px-5 py-3 text-sm font-medium text-success" id="bag-drawer-notice">
        <span aria-hidden="true">✓</span>
        {t("notices.added")}
      </p>
      <ul className="flex-1 divide-y divide-line overflow-y-auto px-5" data-testid="bag-drawer-lines">
        {lines.map((line) => (
          <li key={line.id} className="grid grid-cols-[64px_1fr_auto] gap-4 py-4 text-sm">
            <img
              src={line.image.src}
              srcSet={line.image.srcSet}
              sizes="64px"
              width={line.image.width}
              height={line.image.height}
              alt=""
              className="aspect-[4/5] h-auto w-16 bg-sand object-cover"
            />
            <div>
              <Link to={line.url} className="leading-snug hover:text-terracotta">
                {line.name}
              </Link>
              <p className="mt-1 text-stone">
                {line.size} · {line.color.name}
              </p>
              <p className="mt-1 text-stone">{t("drawer.quantity", { count: line.quantity })}</p>
              {line.problem ? <p className="mt-1 font-medium text-sale">{lineProblemText(line, t)}</p> : null}
            </div>
            <p className="font-display text-lg">
              <span className="sr-only">{t("line.total")}: </span>
              {money(line.totalCents)}
            </p>
          </li>
        ))}
      </ul>
      <div className="space-y-4 border-t border-line px-5 py-5">
        <p className="flex justify-between font-display text-xl">
          <span>{t("summary.subtotal")}</span>{" "}
          <span data-testid="bag-drawer-subtotal">{money(totals.subtotalCents)}</span>
        </p>
        <p className="text-sm text-stone">
          {totals.missingForFreeShippingCents > 0
            ? t("summary.missing", {
                amount: money(totals.missingForFreeShippingCents),
              })
            : t("summary.reached")}
        </p>
        {checkoutBlocked ? (
          <p className="text-sm font-medium text-sale">{t("summary.blocked")}</p>
        ) : (
          <Link to={href("/checkout")} className="btn btn-primary w-full">
            {t("summary.checkout")}
          </Link>
        )}
        <Link to={href("/cart")} className="btn btn-secondary w-full">
          {t("drawer.viewBag")}
        </Link>
      </div>
    </dialog>
  );
}
