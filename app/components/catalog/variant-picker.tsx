import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { selectionSearch, type VariantSelection } from "~/modules/catalog/variant-selection";
import { ColorDot } from "./product-card";
import { FEW_LEFT } from "~/modules/catalog/catalog-rules";


/** The size group's legend: "Taglia", then "Taglia: M"; until a size is chosen the add button says "Scegli una taglia". */
const SIZE_LEGEND_ID = "size-legend";

/**
 * Colour swatches and size buttons as links that put the choice in the URL: they work without
 * JavaScript, and with it the page updates in place. A sold-out size stays a focusable link
 * (struck through) because choosing it offers the back-in-stock form.
 */
export function VariantPicker({ selection, path, sizeHelp }: { selection: VariantSelection; path: string; sizeHelp?: React.ReactNode }) {
  const { t } = useTranslation("catalog");
  const { color, size } = selection;
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-2 text-sm">
          <span className="font-semibold">{t("product.color")}:</span> {color.name}
        </legend>
        <ul className="flex flex-wrap gap-2">
          {selection.colors.map((option) => {
            const keepsSize = size && selection.sizes.some((s) => s.size === size.size);
            const current = option.code === color.code;
            return (
              <li key={option.code}>
                <Link
                  to={path + selectionSearch(option.code, keepsSize ? size.size : null)}
                  replace
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  title={option.name}
                  className={`inline-flex size-11 items-center justify-center rounded-full border ${current ? "border-ink" : "border-transparent hover:border-stone"}`}
                >
                  <ColorDot hex={option.hex} className={`block size-8 rounded-full border border-black/20 ${option.available ? "" : "opacity-50"}`} />
                  {/* Text, not an aria-label: a text browser shows it too. */}
                  <span className="sr-only">
                    {option.name}
                    {option.available ? null : `, ${t("product.colorSoldOut")}`}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset>
        <legend id={SIZE_LEGEND_ID} className="mb-2 text-sm font-semibold">{size ? `${t("product.size")}: ${size.size}` : t("product.size")}</legend>
        <ul className="flex flex-wrap gap-2" data-testid="sizes">
          {selection.sizes.map((option) => {
            const current = option.size === size?.size;
            const soldOut = option.stock <= 0;
            // Said in words as well as struck through: screen readers and text browsers get it.
            const note = soldOut ? t("product.sizeSoldOut") : option.stock <= FEW_LEFT ? t("product.sizeLowStock", { count: option.stock }) : null;
            return (
              <li key={option.size}>
                <Link
                  to={path + selectionSearch(color.code, option.size)}
                  replace
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  data-sold-out={soldOut || undefined}
                  className={`inline-flex min-h-11 min-w-12 items-center justify-center border px-3 text-sm ${
                    current ? "border-ink bg-ink text-ivory" : `border-line bg-paper hover:border-ink ${soldOut ? "text-stone" : ""}`
                  } ${soldOut ? "line-through" : ""}`}
                >
                  {option.size}
                  {note ? <span className="sr-only">, {note}</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
        {sizeHelp}
        {size && size.stock > 0 && size.stock <= FEW_LEFT ? (
          <p className="mt-2 text-sm text-warning" data-testid="few-left">
            {t("product.lowStock", { count: size.stock })}
          </p>
        ) : null}
        {/* A sold-out size chosen: it comes back, and the form under the picker asks to be told. */}
        {size && size.stock <= 0 ? (
          <p className="mt-2 text-sm font-medium" data-testid="coming-back">
            {t("product.comingBack")}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
