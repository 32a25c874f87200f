import { Link } from "react-router";
import type { Route } from "../../routes/+types/home";
import { Picture, ProductCard } from "~/components/catalog/product-card";
import { ProductRow } from "~/components/catalog/product-row";
import { useLocale, useRootData } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { ResponsiveImage } from "~/modules/media/drawn-image";

export type HomeViewProps = Pick<Route.ComponentProps, "loaderData">;

/** The home page: the campaign, the three collections, new arrivals, the journal and care guide. */
export default function HomeView({ loaderData }: HomeViewProps) {
  const { t } = useTranslation("home");
  const { href } = useLocale();
  const { menu } = useRootData();
  const { hero, storyBand } = loaderData;

  return (
    <>
      {/* The campaign across the whole width, under the transparent header (standard-layout.tsx,
          .header-over-hero). Desktop: the 16:9 composition, the words over its calm left part,
          ink straight on the picture's light ground (4.5:1 and more, no shading box; the drawing
          keeps that part empty). Phones and tablets: the 4:5 composition, then the words on ivory
          below it, both calls to action within the first screen. The picture's box is set by
          CSS at every width, so nothing shifts when it arrives. */}
      <section className="relative bg-ivory" aria-labelledby="hero-title">
        <picture>
          <source media="(min-width: 984px)" srcSet={hero.wide.srcSet} sizes="100vw" width={hero.wide.width} height={hero.wide.height} />
          {/* The largest paint: eager, first in the HTML's images, at high priority. */}
          <img
            src={hero.tall.src}
            srcSet={hero.tall.srcSet}
            sizes="100vw"
            width={hero.tall.width}
            height={hero.tall.height}
            alt=""
            fetchPriority="high"
            className="block aspect-[4/5] max-h-[62svh] w-full bg-sand object-cover object-[50%_72%] md:max-h-[70svh] desk:aspect-[16/9] desk:max-h-[calc(100svh-2rem)] desk:min-h-[34rem] desk:object-[70%_60%]"
          />
        </picture>
        <div className="desk:absolute desk:inset-0 desk:mx-auto desk:flex desk:max-w-[1440px] desk:items-center">
          <div className="px-4 pt-6 pb-4 md:px-8 desk:w-[46%] desk:pt-16 desk:pb-0 desk:pl-16" data-testid="hero-copy">
            {/* In ink: stone on the picture's ground stays under 4.5:1. */}
            <p className="eyebrow mb-2 desk:mb-5 desk:text-ink">{t("hero.eyebrow")}</p>
            <h1 id="hero-title" className="mb-5 max-w-xl text-4xl md:text-5xl desk:mb-10 desk:text-6xl xl:text-7xl">
              {t("hero.headline")}
            </h1>
            <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
              <Link to={menu[0]?.url ?? href("/")} className="btn btn-primary">
                {t("hero.women")}
              </Link>
              <Link to={menu[1]?.url ?? href("/")} className="btn btn-secondary">
                {t("hero.men")}
              </Link>
            </div>
          </div>
        </div>
      </section>

      {/* One rhythm: every section opens with the same space (64 px, 96 on desktop); the last also closes with it. */}
      <section className="container-page pt-16 desk:pt-24" aria-labelledby="collections-title">
        <h2 id="collections-title" className="mb-8 text-4xl">
          {t("categories")}
        </h2>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 desk:gap-x-6">
          {menu.slice(0, 3).map((top, i) => {
            const photo = loaderData.tilePhotos.find((tile) => tile.categoryId === top.id);
            const image = photo?.image ?? loaderData.tiles[i] ?? loaderData.tiles[0];
            return (
              <li key={top.id} className={`group relative ${i === 2 ? "col-span-2 md:col-span-1" : ""}`}>
                <div className="overflow-hidden bg-sand">
                  <Picture
                    image={image}
                    sizes={i === 2 ? "(min-width: 768px) 33vw, 100vw" : "(min-width: 768px) 33vw, 50vw"}
                    alt={photo?.alt ?? ""}
                    loading="lazy"
                    decoding="async"
                    className={`w-full object-cover transition-transform duration-300 ease-out group-hover:scale-[1.02] motion-reduce:transition-none ${i === 2 ? "aspect-[5/4] object-[50%_72%] md:aspect-[4/5]" : "aspect-[4/5]"}`}
                  />
                </div>
                {/* The label under the picture, ink on ivory; the link covers the whole tile. */}
                <Link
                  to={top.url}
                  className="mt-3 flex items-baseline justify-between gap-2 font-display text-2xl after:absolute after:inset-0 group-hover:text-terracotta desk:text-3xl"
                >
                  {top.name}{" "}
                  <span aria-hidden="true" className="text-xl transition-transform duration-200 group-hover:translate-x-1 motion-reduce:transition-none">
                    →
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {storyBand ? (
        // The journal's newest story that names pieces on sale: its picture beside them.
        <section className="container-page pt-16 desk:pt-24" aria-labelledby="story-band-title" data-testid="story-band">
          <div className="grid gap-8 desk:grid-cols-12 desk:gap-6">
            <div className="desk:col-span-6">
              <Picture
                image={storyBand.story.cover}
                sizes="(min-width: 984px) 50vw, 100vw"
                alt={storyBand.story.coverAlt}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full bg-sand object-cover object-[50%_30%] desk:sticky desk:top-24 desk:aspect-[4/5] desk:object-center"
              />
            </div>
            <div className="desk:col-span-6 desk:pl-6">
              <p className="eyebrow mb-3">{t("story.eyebrow")}</p>
              <h2 id="story-band-title" className="mb-4 text-4xl desk:text-5xl">
                {storyBand.story.title}
              </h2>
              <p className="mb-6 max-w-xl text-stone">{storyBand.story.excerpt}</p>
              <Link to={storyBand.story.url} className="link mb-10 inline-block text-label font-medium uppercase">
                {t("story.link")} <span aria-hidden="true">→</span>
              </Link>
              <ul className="grid grid-cols-2 gap-x-4 gap-y-8 desk:gap-x-6" aria-label={t("story.pieces")}>
                {storyBand.products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} sizes="(min-width: 984px) 22vw, 45vw" />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      ) : null}

      {loaderData.newArrivals.length ? (
        <ProductRow id="arrivals-title" title={t("newArrivals")} previousLabel={t("arrivalsPrevious")} nextLabel={t("arrivalsNext")} products={loaderData.newArrivals} className="pt-16 desk:pt-24" />
      ) : null}

      <section className="container-page pt-16 desk:pt-24" aria-labelledby="teasers-title">
        <h2 id="teasers-title" className="sr-only">
          {t("teasers.title")}
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <Teaser title={t("teasers.journalTitle")} text={t("teasers.journalText")} link={t("teasers.journalLink")} to={href("/blog")} tone="bg-[#E8DED2]" image={loaderData.teasers.journal} crop="object-[50%_45%]" />
          <Teaser title={t("teasers.careTitle")} text={t("teasers.careText")} link={t("teasers.careLink")} to={href("/curadelcapo")} tone="bg-[#DDE2D6]" image={loaderData.teasers.care} crop="object-[50%_80%]" />
        </div>
      </section>
    </>
  );
}

/** `crop`: where the still-life's subject sits, kept in view when the picture's column is narrower than it (phones). */
function Teaser({ title, text, link, to, tone, image, crop }: { title: string; text: string; link: string; to: string; tone: string; image: ResponsiveImage; crop: string }) {
  return (
    <article className={`grid grid-cols-[2fr_3fr] ${tone}`}>
      {/* A decorative still-life beside the words: the heading says what the section is. */}
      <Picture image={image} sizes="(min-width: 768px) 20vw, 40vw" alt="" loading="lazy" decoding="async" className={`h-full w-full object-cover ${crop}`} />
      <div className="flex min-h-72 flex-col justify-between p-6 desk:p-10">
        <div>
          <h3 className="mb-3 text-4xl">{title}</h3>
          <p className="max-w-md text-[#3d3a36]">{text}</p>
        </div>
        <Link to={to} className="link mt-8 self-start text-label font-medium uppercase">
          {link} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
