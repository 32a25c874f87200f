import { Link } from "react-router";
import type { Route } from "../../routes/+types/product";
import { openDialog } from "~/components/ui/dialog-events";
import { SizeGuideDialog } from "~/components/ui/dialogs.lazy";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { AddToBagForm } from "./add-to-bag-form";
import { BackInStockForm } from "./back-in-stock-form";
import { Breadcrumbs } from "./breadcrumbs";
import { Price } from "./price";
import { ProductCard } from "./product-card";
import { ProductRow } from "./product-row";
import { ProductGallery } from "./product-gallery";
import { ProductSafetyInfo } from "./product-safety";
import { ShareButton } from "./share-button";
import { VariantPicker } from "./variant-picker";
import { WishlistHeart } from "./wishlist-heart";

export type ProductViewProps = Pick<Route.ComponentProps, "loaderData" | "actionData">;

/** The product page: gallery, choices, the add-to-bag or back-in-stock form, details, related pieces. */
export default function ProductView({ loaderData, actionData }: ProductViewProps) {
  const { product, selection, lowestPriceCents, gallery, breadcrumbs, related, home, preview, origin, delivery, sizing } = loaderData;
  const { t } = useTranslation("catalog");
  const { href } = useLocale();
  const { priced, size } = selection;
  return (
    <div className="container-page pb-20 pt-4 desk:pt-8">
      {preview ? (
        <p role="status" className="preview-notice">
          {t("product.previewNotice")}
        </p>
      ) : null}
      {/* Phones show only the way back to the category ("‹ Maglieria"); desktop the whole path. */}
      <Breadcrumbs items={[home, ...breadcrumbs, { name: product.name, url: product.url }]} collapse />
      <div className="grid gap-6 desk:grid-cols-12 desk:gap-x-12">
        <div className="min-w-0 desk:col-span-7">
          <ProductGallery images={gallery} name={product.name} colorName={selection.color.name} />
        </div>
        {/* On desktop the details stay in view while the pictures scroll past. */}
        <div className="desk:col-span-5 desk:col-start-8 desk:pl-4">
          <div className="space-y-6 desk:sticky desk:top-24">
            <header>
              <div className="mb-3 flex items-start justify-between gap-4">
                <h1 className="text-4xl desk:text-5xl">{product.name}</h1>
                <div className="flex shrink-0 items-center">
                  <WishlistHeart productId={product.id} name={product.name} sku={size?.sku} />
                  <ShareButton title={product.name} path={product.url} origin={origin} />
                </div>
              </div>
              <Price cents={priced.priceCents} compareAtCents={priced.compareAtCents} lowestCents={lowestPriceCents} className="font-display text-2xl" />
            </header>
            <VariantPicker
              selection={selection}
              path={product.url}
              sizeHelp={
                // One-size pieces need no guide. Without a guide for the piece, the FAQ's "Taglie" advises.
                selection.sizes.length > 1 ? <SizeHelp sizing={sizing} /> : null
              }
            />
            <div className="space-y-3">
              {size && size.stock <= 0 ? (
                <BackInStockForm sku={size.sku} size={size.size} actionData={actionData} />
              ) : (
                <AddToBagForm selection={selection} />
              )}
              <p className="flex items-start gap-2 text-sm text-stone" data-testid="delivery">
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5">
                  <path d="M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" strokeLinejoin="round" />
                </svg>
                {t("product.delivery", { min: delivery.min, max: delivery.max, days: delivery.returnDays })}
              </p>
              {size ? <InStores stores={loaderData.inStores} /> : null}
            </div>
            <div className="border-t border-line">
              <Disclosure title={t("product.description")} open>
                <div className="product-description" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
              </Disclosure>
              <Disclosure title={t("product.composition")}>
                <p>{product.composition}</p>
              </Disclosure>
              <Disclosure title={t("product.care")}>
                <p className="mb-3">{product.care}</p>
                <Link to={href("/curadelcapo")} className="link underline">
                  {t("product.careGuide")}
                </Link>
              </Disclosure>
            </div>
            {size ? <p className="text-xs text-stone">{t("product.sku", { sku: size.sku })}</p> : null}
            <ProductSafetyInfo safety={loaderData.safety} />
          </div>
        </div>
      </div>

      {related.length ? (
        <section aria-labelledby="related-title" className="mt-20">
          <h2 id="related-title" className="mb-6 text-3xl desk:text-4xl">
            {t("product.related")}
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-10 desk:grid-cols-4 desk:gap-x-6">
            {related.map((card) => (
              <li key={card.id}>
                <ProductCard product={card} sizes="(min-width: 984px) 25vw, 50vw" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {loaderData.recentlyViewed.length ? (
        <ProductRow
          id="recently-viewed-title"
          title={t("product.recentlyViewed")}
          previousLabel={t("product.recentlyViewedPrevious")}
          nextLabel={t("product.recentlyViewedNext")}
          products={loaderData.recentlyViewed}
          contained={false}
          className="mt-20"
        />
      ) : null}
    </div>
  );
}

/** "Disponibile in negozio": the stores that have the chosen size now, a list without JavaScript. */
function InStores({ stores }: { stores: ProductViewProps["loaderData"]["inStores"] }) {
  const { t } = useTranslation("catalog");
  const { href } = useLocale();
  return (
    <div className="flex items-start gap-2 text-sm text-stone" data-testid="in-stores">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M4 10h16v10H4zM3 10l2-6h14l2 6M9 20v-5h6v5" strokeLinejoin="round" />
      </svg>
      {stores.length ? (
        <div>
          <p className="text-ink">{t("product.inStores.title")}</p>
          <ul>
            {stores.map((store) => (
              <li key={store.id}>
                {t("product.inStores.store", { name: store.name, address: store.address })}
                {store.fewLeft ? ` (${t("product.sizeLowStock", { count: store.fewLeft })})` : null}
              </li>
            ))}
          </ul>
          <Link to={href("/pages/storelocator")} className="underline underline-offset-4 hover:text-terracotta">
            {t("product.inStores.hours")}
          </Link>
        </div>
      ) : (
        <p>{t("product.inStores.none")}</p>
      )}
    </div>
  );
}

/** The fit and the model, and the way to the size guide: a dialog with JavaScript, its page without. */
function SizeHelp({ sizing }: { sizing: ProductViewProps["loaderData"]["sizing"] }) {
  const { t } = useTranslation("catalog");
  const { href } = useLocale();
  const hydrated = useHydrated();
  const { fit, model, guideUrl } = sizing;
  return (
    <div className="mt-2 space-y-1">
      {fit ? (
        <p className="text-sm text-stone" data-testid="fit-note">
          {t(`product.fit.${fit}`)}
        </p>
      ) : null}
      {model?.heightCm && model.size ? <p className="text-sm text-stone">{t("product.model.line", { height: model.heightCm, size: model.size })}</p> : null}
      <Link
        to={guideUrl ?? href("/pages/Faq")}
        className="inline-flex min-h-11 items-center gap-2 text-sm underline underline-offset-4 hover:text-terracotta"
        data-testid="size-guide"
        aria-haspopup={guideUrl && hydrated ? "dialog" : undefined}
        onClick={(event) => {
          if (!guideUrl || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          openDialog(SizeGuideDialog, event.currentTarget);
        }}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M2 8h20v8H2zM6 8v3M10 8v4M14 8v3M18 8v4" strokeLinejoin="round" />
        </svg>
        {guideUrl ? t("product.sizeGuide") : t("product.sizeHelp")}
      </Link>
    </div>
  );
}

function Disclosure({ title, open = false, children }: { title: string; open?: boolean; children: React.ReactNode }) {
  return (
    <details open={open} className="group border-b border-line">
      <summary className="flex min-h-12 items-center justify-between text-sm font-semibold tracking-widest uppercase">
        {title}
        <span aria-hidden="true" className="text-lg transition-transform group-open:rotate-45 motion-reduce:transition-none">
          +
        </span>
      </summary>
      <div className="pb-5 text-[0.9375rem] leading-relaxed text-ink/90">{children}</div>
    </details>
  );
}
