import { data, redirect } from "react-router";
import { z } from "~/utils/zod";
import type { Route } from "./+types/product";
import { allowPageCache } from "~/middleware/page-cache.server";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { LazyProductView } from "~/components/catalog/product-view.lazy";
import { getRequestContext } from "~/middleware/request-context.server";
import { BackInStockSchema } from "~/modules/backstock/backstock.schema";
import { requestBackInStock } from "~/modules/backstock/backstock.service.server";
import { getCachedProductPage, getProductCardsByIds, getProductPage, productUrl } from "~/modules/catalog/product.service.server";
import { readRecentlyViewed, recordViewCookie } from "~/modules/recently-viewed/recently-viewed.server";
import { resolveMovedPath } from "~/modules/seo/slug-redirect.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formError, honeypotValue, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { breadcrumbJsonLd, productJsonLd } from "~/utils/json-ld";
import { safeRedirect } from "~/utils/safe-redirect";
import { seoMeta } from "~/utils/seo";
import { requestHasStaff } from "./atelier/staff-context.server";
import { cacheControl } from "~/utils/cache-policy";
import { notFound } from "~/utils/id-param";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

/** The forms this page answers itself (adding to the bag posts to /cart). */
const ProductFormSchema = z.discriminatedUnion("intent", [BackInStockSchema.extend({ intent: z.literal("backstock") })]);
const PRODUCT_INTENTS = ["backstock"] as const;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, env, locale, tns, publicUrl } = getRequestContext(context);
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
    throw notFound();
  }
  const home = { name: tns("catalog")("listing.home"), url: locale === "it" ? "/" : "/en" };
  // The delivery and returns line under the button says what the shop's settings say.
  const { deliveryDays, returnDays } = await getShopSettings(db);
  const { offers, ...shown } = page;
  const { product, gallery, breadcrumbs } = page;
  const origin = env.PUBLIC_URL;
  // "Visti di recente", for a shopper who allows preference cookies: the others looked at last,
  // and this piece remembered first (the page is then the shopper's own, never shared).
  const viewed = preview ? { allowed: false, ids: [] } : await readRecentlyViewed(request);
  const recentlyViewed = viewed.allowed ? await getProductCardsByIds(db, locale, viewed.ids.filter((id) => id !== product.id)) : [];
  const loaded = {
    ...shown,
    recentlyViewed,
    preview,
    origin,
    home,
    delivery: { min: deliveryDays.min, max: deliveryDays.max, returnDays },
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
  if (preview) return data(loaded, { headers: { ...cacheControl("private"), "X-Robots-Tag": "noindex, nofollow" } });
  if (viewed.allowed) return data(loaded, { headers: { ...cacheControl("private"), "Set-Cookie": recordViewCookie(viewed.ids, product.id, publicUrl.isHttps) } });
  return loaded;
}

/** Staff's preview (private, not for search engines) and a shopper's "Visti di recente" (private, the cookie) set headers. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, locale, session } = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseIntentForm(formData, ProductFormSchema, PRODUCT_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await requestBackInStock(db, { ...submission.value, locale, clientIp, honeypot: honeypotValue(formData) });
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

/**
 * The page is a lazy island (decision 034): server HTML that works as it is (links choose the
 * colour and size, the forms post) until the shopper first uses it, when its code loads.
 */
export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LazyProductView loaderData={loaderData} actionData={actionData} />;
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
