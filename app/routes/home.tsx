import type { Route } from "./+types/home";
import { allowPageCache } from "~/middleware/page-cache.server";
import { pickTexts } from "~/i18n/resources";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { LazyHomeView } from "~/components/home/home-view.lazy";
import { getRequestContext } from "~/middleware/request-context.server";
import { readLoginRedirect, redirectAfterLogin } from "./login-redirect.server";
import { getCachedHomeTilePhotos } from "~/modules/catalog/category-tile.service.server";
import { getCachedNewArrivals } from "~/modules/catalog/product.service.server";
import { campaignImage, categoryTileImage, teaserImage } from "~/modules/media/media-urls";
import { getStoryBand } from "~/modules/content/story-band.service.server";
import { getSellerIdentity } from "~/modules/settings/seller.service.server";
import { organizationJsonLd } from "~/utils/json-ld";
import { seoMeta } from "~/utils/seo";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

const TILE_KEYS = ["donna", "uomo", "accessori"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, t, tns, shopper } = getRequestContext(context);
  // Spec §2: a signed-in account holder arriving here goes on to the stored login-redirect target.
  if (shopper.kind === "account" && (await readLoginRedirect(context, request))) throw await redirectAfterLogin(context, request);
  const [newArrivals, tilePhotos, seller, storyBand] = await Promise.all([
    getCachedNewArrivals(db, locale, 8),
    getCachedHomeTilePhotos(db, locale, TILE_KEYS.length),
    getSellerIdentity(db),
    getStoryBand(db, locale),
  ]);
  return {
    newArrivals,
    // The newest journal story that names pieces on sale, beside them (the design brief's band).
    storyBand,
    // Built here rather than in the component: the URL helpers stay out of the browser bundle.
    // The campaign across the whole width: its 16:9 composition from the desktop breakpoint (the
    // copy sits in its calm left part), the 4:5 one on phones and tablets (the copy under it).
    hero: { wide: campaignImage("16:9"), tall: campaignImage("4:5") },
    // A category's tile photograph (Atelier) where it has one, the drawing otherwise.
    tiles: TILE_KEYS.map((key) => categoryTileImage(key)),
    // The journal's and the care guide's editorial still-lifes.
    teasers: { journal: teaserImage("journal"), care: teaserImage("care") },
    tilePhotos,
    seo: { title: tns("home")("title"), description: t("meta.description"), keywords: t("meta.keywords"), path: locale === "it" ? "/" : "/en", origin: env.PUBLIC_URL },
    // Built on the server: the JSON-LD helpers stay out of the home page's JavaScript.
    organization: organizationJsonLd(env.PUBLIC_URL, seller),
    texts: pickTexts(locale, ["home"]),
    // The header sits transparent over the hero until the page scrolls (design brief, Layout);
    // the footer's newsletter opens as a band across the page.
    page: { transparentNavbar: true, newsletterBand: true },
  };
}

/**
 * The page is a lazy island (decision 034): links and pictures that need no script, until the
 * shopper first uses it and its code loads.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  return <LazyHomeView loaderData={loaderData} />;
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [...seoMeta({ ...data.seo, alternates: { it: "/", en: "/en" } }), { "script:ld+json": data.organization }] : [];

export const ErrorBoundary = RouteErrorBoundary;
