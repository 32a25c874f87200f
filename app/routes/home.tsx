import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { allowPageCache } from "~/middleware/page-cache.server";
import { pickTexts } from "~/i18n/resources";
import { Picture, ProductCard } from "~/components/catalog/product-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale, useRootData } from "~/hooks/use-locale";
import { getRequestContext } from "~/middleware/request-context.server";
import { readLoginRedirect, redirectAfterLogin } from "./login-redirect.server";
import { getCachedHomeTilePhotos } from "~/modules/catalog/category-tile.service.server";
import { getCachedNewArrivals } from "~/modules/catalog/product.service.server";
import { type ResponsiveImage, campaignImage, categoryTileImage, teaserImage } from "~/modules/media/media-urls";
import { organizationJsonLd } from "~/utils/json-ld";
import { seoMeta } from "~/utils/seo";

// Kept by the anonymous page cache (docs/decisions/028): every shopper without a session sees it alike.
export const middleware: Route.MiddlewareFunction[] = [allowPageCache("always")];

const TILE_KEYS = ["donna", "uomo", "accessori"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, locale, i18n, shopper } = getRequestContext(context);
  // Spec §2: a signed-in account holder arriving here goes on to the stored login-redirect target.
  if (shopper.kind === "account" && (await readLoginRedirect(context, request))) throw await redirectAfterLogin(context, request);
  const t = i18n.t;
  const [newArrivals, tilePhotos] = await Promise.all([getCachedNewArrivals(db, locale, 8), getCachedHomeTilePhotos(db, locale, TILE_KEYS.length)]);
  return {
    newArrivals,
    // Built here rather than in the component: the URL helpers stay out of the browser bundle.
    hero: { wide: campaignImage("16:9"), tall: campaignImage("4:5") },
    // A category's tile photograph (Atelier) where it has one, the drawing otherwise.
    tiles: TILE_KEYS.map((key) => categoryTileImage(key)),
    // The journal's and the care guide's editorial still-lifes.
    teasers: { journal: teaserImage("journal"), care: teaserImage("care") },
    tilePhotos,
    seo: { title: t("home:title"), description: t("meta.description"), keywords: t("meta.keywords"), path: locale === "it" ? "/" : "/en", origin: env.PUBLIC_URL },
    // Built on the server: the JSON-LD helpers stay out of the home page's JavaScript.
    organization: organizationJsonLd(env.PUBLIC_URL),
    texts: pickTexts(locale, ["home"]),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const { href } = useLocale();
  const { menu } = useRootData();
  const { wide, tall } = loaderData.hero;

  return (
    <>
      <section className="relative isolate overflow-hidden bg-sand" aria-labelledby="hero-title">
        <picture>
          <source media="(min-width: 768px)" srcSet={wide.srcSet} sizes="100vw" width={wide.width} height={wide.height} />
          <img
            src={tall.src}
            srcSet={tall.srcSet}
            sizes="100vw"
            width={tall.width}
            height={tall.height}
            alt=""
            fetchPriority="high"
            className="-z-10 h-[78vh] max-h-[880px] min-h-[480px] w-full object-cover"
          />
        </picture>
        <div className="container-page absolute inset-x-0 bottom-0 pb-12 text-ivory desk:pb-20">
          {/* The copy sits on its own warm scrim: the art behind it is light beige. */}
          <div className="relative isolate w-fit max-w-3xl" data-testid="hero-copy">
            <div className="hero-scrim" aria-hidden="true" />
            <p className="mb-3 text-xs font-semibold tracking-[0.2em] uppercase">{t("hero.eyebrow")}</p>
            <h1 id="hero-title" className="mb-8 max-w-3xl text-5xl leading-[1.02] desk:text-7xl">
              {t("hero.headline")}
            </h1>
            <div className="flex flex-wrap gap-3">
              <Link to={menu[0]?.url ?? href("/")} className="btn border-ivory bg-ivory text-ink hover:bg-transparent hover:text-ivory">
                {t("hero.women")}
              </Link>
              <Link to={menu[1]?.url ?? href("/")} className="btn border-ivory text-ivory hover:bg-ivory hover:text-ink">
                {t("hero.men")}
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className="container-page py-16 desk:py-24" aria-labelledby="collections-title">
        <h2 id="collections-title" className="mb-8 text-4xl">
          {t("categories")}
        </h2>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 desk:gap-6">
          {menu.slice(0, 3).map((top, i) => {
            const photo = loaderData.tilePhotos.find((tile) => tile.categoryId === top.id);
            const image = photo?.image ?? loaderData.tiles[i] ?? loaderData.tiles[0];
            return (
              <li key={top.id} className={`group relative ${i === 2 ? "col-span-2 md:col-span-1" : ""}`}>
                <Picture
                  image={image}
                  sizes={i === 2 ? "(min-width: 768px) 33vw, 100vw" : "(min-width: 768px) 33vw, 50vw"}
                  alt={photo?.alt ?? ""}
                  loading="lazy"
                  decoding="async"
                  className={`w-full bg-sand object-cover ${i === 2 ? "aspect-[8/5] md:aspect-[4/5]" : "aspect-[4/5]"}`}
                />
                <Link
                  to={top.url}
                  className="absolute inset-x-0 bottom-0 flex items-end justify-between bg-gradient-to-t from-black/60 to-transparent p-4 pt-16 font-display text-3xl text-ivory desk:p-6 desk:text-4xl"
                >
                  {top.name}{" "}
                  <span aria-hidden="true" className="text-2xl transition-transform duration-200 group-hover:translate-x-1">
                    →
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {loaderData.newArrivals.length ? (
        <section className="py-8" aria-labelledby="arrivals-title">
          <div className="container-page mb-6 flex items-baseline justify-between">
            <h2 id="arrivals-title" className="text-4xl">
              {t("newArrivals")}
            </h2>
          </div>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable row: keyboard users focus it to scroll (axe scrollable-region-focusable). */}
          <ul className="snap-row container-page flex gap-4 overflow-x-auto pb-6 desk:gap-6" tabIndex={0} aria-labelledby="arrivals-title">
            {loaderData.newArrivals.map((product) => (
              <li key={product.id} className="w-[62%] shrink-0 sm:w-[38%] desk:w-[calc((100%-4.5rem)/4)]">
                <ProductCard product={product} sizes="(min-width: 984px) 25vw, (min-width: 640px) 38vw, 62vw" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="container-page py-16 desk:py-24" aria-labelledby="teasers-title">
        <h2 id="teasers-title" className="sr-only">
          {t("teasers.title")}
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <Teaser title={t("teasers.journalTitle")} text={t("teasers.journalText")} link={t("teasers.journalLink")} to={href("/blog")} tone="bg-[#E8DED2]" image={loaderData.teasers.journal} />
          <Teaser title={t("teasers.careTitle")} text={t("teasers.careText")} link={t("teasers.careLink")} to={href("/curadelcapo")} tone="bg-[#DDE2D6]" image={loaderData.teasers.care} />
        </div>
      </section>
    </>
  );
}

function Teaser({ title, text, link, to, tone, image }: { title: string; text: string; link: string; to: string; tone: string; image: ResponsiveImage }) {
  return (
    <article className={`grid grid-cols-[2fr_3fr] ${tone}`}>
      {/* A decorative still-life beside the words: the heading says what the section is. */}
      <Picture image={image} sizes="(min-width: 768px) 20vw, 40vw" alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
      <div className="flex min-h-72 flex-col justify-between p-6 desk:p-10">
        <div>
          <h3 className="mb-3 text-4xl">{title}</h3>
          <p className="max-w-md text-[#3d3a36]">{text}</p>
        </div>
        <Link to={to} className="link mt-8 self-start text-sm font-semibold tracking-[0.12em] uppercase">
          {link} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? [...seoMeta({ ...data.seo, alternates: { it: "/", en: "/en" } }), { "script:ld+json": data.organization }] : [];

export const ErrorBoundary = RouteErrorBoundary;
