import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { ADD_TO_BAG_FETCHER } from "~/components/bag/add-to-bag-fetcher";
import type { BagActionData } from "~/components/bag/line-controls";
import { openDialog } from "~/components/ui/dialog-events";
import { BagDrawer } from "~/components/ui/dialogs.lazy";
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
    if (fetcher.data?.done) openDialog(BagDrawer, button.current);
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
      {/* A new size starts again from one, within its own stock. */}
      <QuantityStepper key={chosen?.sku ?? ""} most={most} disabled={!chosen} />
      <button
        ref={button}
        type="submit"
        className="btn btn-primary min-h-12 w-full min-w-0 sm:w-auto sm:flex-1"
        disabled={!chosen || busy}
        aria-busy={busy || undefined}
        aria-describedby={chosen && errors ? "add-to-bag-error" : undefined}
        data-testid="add-to-bag-button"
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {/* Until a size is chosen the button says what it waits for; the server writes the same
            (the size is in the URL), so it is true without JavaScript too. */}
        {chosen ? t("product.addToBag") : t("product.chooseSize")}
      </button>
      <p id="add-to-bag-error" role="alert" className="w-full text-sm text-sale empty:hidden">
        {errors?.join(" ")}
      </p>
    </fetcher.Form>
  );
}

/**
 * The quantity: a number field (what the form sends, and all a browser without JavaScript or a
 * text browser shows), between − and + once JavaScript runs. The buttons step within the size's
 * stock; their places are kept empty until then, so nothing moves when they appear.
 */
function QuantityStepper({ most, disabled }: { most: number; disabled: boolean }) {
  const { t } = useTranslation("catalog");
  const hydrated = useHydrated();
  const [value, setValue] = useState("1");
  const [said, setSaid] = useState("");
  const current = Math.min(Math.max(Number.parseInt(value, 10) || 1, 1), most);
  const step = (by: number) => {
    const next = Math.min(Math.max(current + by, 1), most);
    setValue(String(next));
    setSaid(t("product.quantityNow", { value: next }));
  };
  const stepClass = "inline-flex size-11 items-center justify-center text-xl hover:text-terracotta disabled:cursor-not-allowed disabled:text-stone/60";
  return (
    <div>
      <label htmlFor="quantity" className="mb-1 block text-sm">
        {t("product.quantity")}
      </label>
      <div className={`flex h-12 w-fit items-center border border-[#8c857d] bg-paper ${disabled ? "opacity-60" : ""}`}>
        {hydrated ? (
          <button type="button" className={stepClass} aria-controls="quantity" disabled={disabled || current <= 1} onClick={() => step(-1)}>
            <span aria-hidden="true">−</span>
            <span className="sr-only">{t("product.decrease")}</span>
          </button>
        ) : (
          <span className="size-11" />
        )}
        <input
          id="quantity"
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={most}
          step={1}
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setValue(String(current))}
          disabled={disabled}
          className={`h-full w-14 bg-transparent text-center text-base tabular-nums ${
            hydrated ? "[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none" : ""
          }`}
        />
        {hydrated ? (
          <button type="button" className={stepClass} aria-controls="quantity" disabled={disabled || current >= most} onClick={() => step(1)}>
            <span aria-hidden="true">+</span>
            <span className="sr-only">{t("product.increase")}</span>
          </button>
        ) : (
          <span className="size-11" />
        )}
      </div>
      <span role="status" className="sr-only">
        {said}
      </span>
    </div>
  );
}
