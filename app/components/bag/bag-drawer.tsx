import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { DialogProps } from "~/components/ui/dialog-events";
import { useTranslateErrors } from "~/components/ui/form-kit";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { loader as bagLoader } from "~/routes/cart";
import { formatMoney } from "~/utils/money";
import { type BagActionData, FreeShippingProgress, LineThumbnail, QuantityStepper, RemoveLine, errorsOf } from "./line-controls";
import { lineProblemText } from "./line-problem";

/**
 * The bag drawer, opened on the right after an add (spec: openRightSidebar). A modal dialog
 * (useModalDialog: Escape, a scroll past 20 % of the window and navigation close it, the focus
 * goes back to the button that added), closed also by its close button. Its data is the bag page's
 * own loader, read when it opens, so the lines and totals are the server's, priced now; each line
 * has the bag page's quantity stepper and remove button, the same forms.
 */
export default function BagDrawer({ opener, onClosed }: DialogProps) {
  const { href, locale } = useLocale();
  const { i18n } = useTranslation();
  const translate = useTranslateErrors();
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

  // The lines' forms post to the bag's action through one fetcher (the page under the drawer
  // stays); its answer says what happened, the bag fetcher's reload shows the new lines.
  const change = useFetcher<BagActionData>();
  const close = useRef<HTMLButtonElement>(null);
  const answer = change.state === "idle" ? change.data : undefined;
  const removed = answer?.done === true && answer.intent === "remove";
  useEffect(() => {
    // The removed line's button is gone: the focus goes back to the drawer's first control (the
    // status line says what happened).
    if (removed) close.current?.focus();
  }, [removed, answer]);
  // What the drawer says happened last: the add that opened it, then each change made in it.
  const notice = change.data?.done ? (change.data.intent === "remove" ? "removed" : "edited") : "added";

  if (!loaded) return null;
  const { lines, totals, count, checkoutBlocked } = loaded.bag;
  const money = (cents: number) => formatMoney(cents, locale);
  const busy = (intent: string, lineId: number) => change.state !== "idle" && change.formData?.get("intent") === intent && Number(change.formData.get("lineId")) === lineId;
  // A refused change (a quantity past the stock, a line gone): its message, by the line.
  const refusal = (lineId: number) => translate(errorsOf(answer, ["edit", "remove"], lineId))?.join(" ") ?? "";
  return (
    <dialog
      ref={dialog}
      aria-labelledby="bag-drawer-title"
      aria-describedby="bag-drawer-notice"
      data-testid="bag-drawer"
      className="fixed inset-y-0 left-auto right-0 m-0 flex h-dvh max-h-none w-[min(30rem,100vw)] max-w-none flex-col bg-paper p-0 text-ink shadow-xl backdrop:bg-ink/40 motion-safe:animate-[drawer-in_200ms_ease-out] [&:not([open])]:hidden"
    >
      <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-3">
        <h2 id="bag-drawer-title" className="text-3xl">
          {t("drawer.title")} <span className="font-sans text-sm text-stone">({t("drawer.count", { count })})</span>
        </h2>
        <form method="dialog">
          <button
            ref={close}
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
      <p role="status" className={`flex items-center gap-2 border-b border-line bg-ivory px-5 py-3 text-sm font-medium ${notice === "removed" ? "text-warning" : "text-success"}`} id="bag-drawer-notice">
        {notice === "removed" ? null : <span aria-hidden="true">✓</span>} {t(`notices.${notice}`)}
      </p>
      {lines.length === 0 ? (
        <p className="flex-1 px-5 py-8 text-stone">{t("empty.title")}</p>
      ) : (
        <ul className="flex-1 divide-y divide-line overflow-y-auto px-5" data-testid="bag-drawer-lines">
          {lines.map((line) => {
            const problem = lineProblemText(line, t);
            const problemId = `drawer-line-${line.id}-problem`;
            const refused = refusal(line.id);
            return (
              <li key={line.id} className="grid grid-cols-[96px_minmax(0,1fr)] gap-x-4 py-5 text-sm" data-testid="bag-drawer-line">
                <LineThumbnail line={line} />
                <div className="flex min-w-0 flex-col justify-between gap-3">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <Link to={line.url} className="leading-snug hover:text-terracotta">
                        {line.name}
                      </Link>{" "}
                      <p className="mt-1 text-stone">
                        {line.size} · {line.color.name}
                      </p>
                    </div>{" "}
                    <p className="shrink-0 font-display text-lg tabular-nums">
                      <span className="sr-only">{t("line.total")}: </span>
                      {money(line.totalCents)}
                    </p>
                  </div>{" "}
                  {problem ? (
                    <p id={problemId} className="font-medium text-sale">
                      {problem}
                    </p>
                  ) : null}
                  {refused ? (
                    <p role="alert" className="text-sale">
                      {refused}
                    </p>
                  ) : null}
                  <div className="flex items-center justify-between gap-4">
                    <QuantityStepper line={line} Form={change.Form} busy={busy("edit", line.id)} describedBy={problem ? problemId : undefined} />{" "}
                    <RemoveLine line={line} Form={change.Form} busy={busy("remove", line.id)} />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="space-y-4 border-t border-line px-5 py-5">
        <p className="flex justify-between font-display text-xl">
          <span>{t("summary.subtotal")}</span>{" "}
          <span data-testid="bag-drawer-subtotal" className="tabular-nums">
            {money(totals.subtotalCents)}
          </span>
        </p>
        {lines.length ? <FreeShippingProgress totals={totals} id="bag-drawer-shipping" /> : null}
        {checkoutBlocked ? (
          <p className="text-sm font-medium text-sale">{t("summary.blocked")}</p>
        ) : lines.length ? (
          <Link to={href("/checkout")} className="btn btn-primary w-full">
            {t("summary.checkout")}
          </Link>
        ) : null}
        <Link to={href("/cart")} className="btn btn-secondary w-full">
          {t("drawer.viewBag")}
        </Link>
      </div>
    </dialog>
  );
}
