import { useTranslation } from "~/hooks/use-translation";
import { data, Link, redirect } from "react-router";
import { z } from "~/utils/zod";
import type { Route } from "./+types/product";
import { allowPageCache } from "~/middleware/page-cache.server";
import { AddToBagForm } from "~/components/catalog/add-to-bag-form";
import { BackInStockForm } from "~/components/catalog/back-in-stock-form";
import { Breadcrumbs } from "~/components/catalog/breadcrumbs";
import { Price } from "~/components/catalog/price";
import { ProductCard } from "~/components/catalog/product-card";
import { ProductGallery } from "~/components/catalog/product-gallery";
import { ProductSafetyInfo } from "~/components/catalog/product-safety";
import { ShareButton } from "~/components/catalog/share-button";
import { VariantPicker } from "~/components/catalog/variant-picker";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { getRequestContext } from "~/middleware/request-context.server";
import { BackInStockSchema } from "~/modules/backstock/backstock.schema";
import { requestBackInStock } from "~/modules/backstock/backstock.service.server";
import { getCachedProductPage, getProductPage, productUrl } from "~/modules/catalog/product.service.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { breadcrumbJsonLd, productJsonLd } from "~/utils/json-ld";
import { safeRedirect } from "~/utils/safe-redirect";
import { seoMeta } from "~/utils/seo";
import { requestHasStaff } from "./atelier/staff-context.server";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

/** The forms this page answers itself (adding to the bag posts to /cart). */
const ProductFormSchema = z.discriminatedUnion("intent", [BackInStockSchema.extend({ intent: z.literal("backstock") })]);
const PRODUCT_INTENTS = ["backstock"] as const;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns } = getRequestContext(context);
  const url = new URL(request.url);
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  const wanted = { color: url.searchParams.get("color"), size: url.searchParams.get("size") };
  // "?preview=1" with Atelier's cookie: staff see a draft (or any state) as shoppers would, never
  // cached, never indexed. Anyone else gets the page shoppers get (a draft is a 404).
  const preview = url.searchParams.get("preview") === "1" && (await requestHasStaff(context, request));
  const page = preview ? await getProductPage(db, locale, slug, wanted, new Date(), { preview }) : await getCachedProductPage(db, locale, slug, wanted);
  if (!page) {
    // A published slug that Atelier changed: its old address moves for good to the new one.
    const moved = await resolveMovedPath(db, "product", locale, slug);
    if (moved) throw redirect(productUrl(moved, locale) + url.search, 301);
    throw data(null, { status: 404 });
  }
  const home = { name: tns("catalog")("listing.home"), url: locale === "it" ? "/" : "/en" };
  const { offers, ...shown } = page;
  const { product, gallery, breadcrumbs } = page;
  const origin = env.PUBLIC_URL;
  const loaded = {
    ...shown,
    preview,
    origin,
    home,
    page: { alternates: page.alternates },
    // Built here, not in `meta`: the builders then stay out of the browser's JavaScript.
    structuredData: [
      productJsonLd(
        {
          name: product.name,
          description: product.description,
          url: product.url,
          images: gallery.map((image) => image.src),
          brand: "Bottega",
          category: breadcrumbs.map((crumb) => crumb.name).join(" > "),
          variants: offers,
        },
        origin,
      ),
      breadcrumbJsonLd([home, ...breadcrumbs, { name: product.name, url: product.url }], origin),
    ],
  };
  return preview ? data(loaded, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } }) : loaded;
}

/** Only staff's preview sets headers (private, not for search engines). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, locale, session } = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseIntentForm(formData, ProductFormSchema, PRODUCT_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await requestBackInStock(db, { ...submission.value, locale, clientIp, honeypot: String(formData.get(HONEYPOT_FIELD) ?? "") });
  } catch (error) {
    return formError(submission, error);
  }
  // Without JavaScript the form says where it came from: back there with a notice.
  const redirectTo = formData.get("redirectTo");
  if (redirectTo) {
    await session.addFlash({ kind: "success", key: "catalog:backstock.success" });
    throw redirect(safeRedirect(redirectTo));
  }
  return { result: submission.reply({ resetForm: true }), done: true };
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, selection, lowestPriceCents, gallery, breadcrumbs, related, home, preview, origin } = loaderData;
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
        <div className="desk:col-span-6">
          <ProductGallery images={gallery} name={product.name} colorName={selection.color.name} />
        </div>
        {/* On desktop the details stay in view while the pictures scroll past. */}
        <div className="desk:col-span-5 desk:col-start-8">
          <div className="space-y-6 desk:sticky desk:top-24">
            <header>
              <div className="mb-3 flex items-start justify-between gap-4">
                <h1 className="text-4xl desk:text-5xl">{product.name}</h1>
                <ShareButton title={product.name} path={product.url} origin={origin} />
              </div>
              <Price cents={priced.priceCents} compareAtCents={priced.compareAtCents} lowestCents={lowestPriceCents} className="font-display text-2xl" />
            </header>
            <VariantPicker selection={selection} path={product.url} />
            {size && size.stock <= 0 ? (
              <BackInStockForm sku={size.sku} size={size.size} actionData={actionData} />
            ) : (
              <AddToBagForm selection={selection} />
            )}
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

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { product, origin, gallery, alternates, structuredData, preview } = data;
  return [
    // The colour and size in the URL are choices on one page: the canonical drops them.
    ...seoMeta({
      title: product.metaTitle || `${product.name} | Bottega`,
      description: product.metaDescription,
      keywords: product.keywords,
      image: product.shareImage ?? gallery[0]?.src,
      path: product.url,
      alternates,
      origin,
      type: "product",
      noindex: preview,
    }),
    ...structuredData.map((item) => ({ "script:ld+json": item })),
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
