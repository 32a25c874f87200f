import { useTranslation } from "~/hooks/use-translation";
import { Form } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { MAX_QUANTITY, type VariantSelection } from "~/modules/catalog/variant-selection";

/**
 * The add-to-bag form: a real POST to the bag (the Bag release gives /cart its action). It
 * carries only the SKU and the quantity: price and stock are the server's business.
 */
export function AddToBagForm({ selection }: { selection: VariantSelection }) {
  const { t } = useTranslation("catalog");
  const { href } = useLocale();
  const chosen = selection.size;
  const most = chosen ? Math.min(chosen.stock, MAX_QUANTITY) : 1;
  return (
    <Form method="post" action={href("/cart")} className="grid gap-3 sm:flex sm:flex-wrap sm:items-end" data-testid="add-to-bag">
      <input type="hidden" name="intent" value="add" />
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
      <button type="submit" className="btn btn-primary w-full min-w-0 sm:w-auto sm:flex-1" disabled={!chosen} aria-describedby={chosen ? undefined : "choose-size-hint"}>
        {t("product.addToBag")}
      </button>
      {chosen ? null : (
        <p id="choose-size-hint" className="w-full text-sm text-stone">
          {t("product.chooseSize")}
        </p>
      )}
    </Form>
  );
}
