import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { ADD_TO_BAG_FETCHER } from "~/components/bag/add-to-bag-fetcher";
import type { BagActionData } from "~/components/bag/bag-page";
import { openDialog } from "~/components/ui/dialog-events";
import { useTranslateErrors } from "~/components/ui/form-kit";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { MAX_QUANTITY, type VariantSelection } from "~/modules/catalog/variant-selection";

/**
 * The add-to-bag form: a POST to the bag's action carrying only the SKU and the quantity (price
 * and stock are the server's business). Without JavaScript it comes back to this page, where the
 * notice (or the error) is shown; with it, a fetcher keeps the shopper here and each add that
 * succeeds opens the bag drawer.
 */
export function AddToBagForm({ selection }: { selection: VariantSelection }) {
  const { t } = useTranslation("catalog");
  const { href } = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<BagActionData>({ key: ADD_TO_BAG_FETCHER });
  const button = useRef<HTMLButtonElement>(null);
  // Each answer is a new object (the keyed fetcher keeps the last one across pages): a "done"
  // opens the drawer once; it gives the focus back to the button when it closes.
  const answered = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === answered.current) return;
    answered.current = fetcher.data;
    if (fetcher.data?.done) openDialog("bag", button.current);
  }, [fetcher.data]);
  const translate = useTranslateErrors();
  const chosen = selection.size;
  const most = chosen ? Math.min(chosen.stock, MAX_QUANTITY) : 1;
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data?.result.status === "error" ? translate(Object.values(fetcher.data.result.error ?? {}).flat().filter((e): e is string => typeof e === "string")) : undefined;
  return (
    <fetcher.Form method="post" action={href("/cart")} className="grid gap-3 sm:flex sm:flex-wrap sm:items-end" data-testid="add-to-bag">
      <input type="hidden" name="intent" value="add" />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      {chosen ? <input type="hidden" name="sku" value={chosen.sku} /> : null}
      <label className="text-sm">
        <span className="mb-1 block">{t("product.quantity")}</span>
        <select name="quantity" className="field-input w-24" disabled={!chosen} defaultValue="1">
          {Array.from({ length: Math.max(1, most) }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </label>
      <button
        ref={button}
        type="submit"
        className="btn btn-primary w-full min-w-0 sm:w-auto sm:flex-1"
        disabled={!chosen || busy}
        aria-busy={busy || undefined}
        aria-describedby={chosen ? (errors ? "add-to-bag-error" : undefined) : "choose-size-hint"}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("product.addToBag")}
      </button>
      {chosen ? null : (
        <p id="choose-size-hint" className="w-full text-sm text-stone">
          {t("product.chooseSize")}
        </p>
      )}
      <p id="add-to-bag-error" role="alert" className="w-full text-sm text-sale empty:hidden">
        {errors?.join(" ")}
      </p>
    </fetcher.Form>
  );
}
