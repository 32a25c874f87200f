import { Link } from "react-router";
import type { Route } from "../../routes/+types/home";
import { Picture, ProductCard } from "~/components/catalog/product-card";
import { useLocale, useRootData } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { ResponsiveImage } from "~/modules/media/drawn-image";

export type HomeViewProps = Pick<Route.ComponentProps, "loaderData">;

/** The home page: the campaign, the three collections, new arrivals, the journal and care guide. */
export default function HomeView({ loaderData }: HomeViewProps) {
  const { t } = useTranslation("home");
  const { href } = useLocale();
  const { menu } = useRootData();
  const { hero } = loaderData;

  return (
    <>
      {/* Ink on ivory beside the picture: the copy never sits on the art, so it needs no shade.
          Phones: the picture first, cropped tight on the garments, then the words and both calls
          to action within the first screen. Desktop: the words left, the picture right to the edge. */}
      <section className="bg-ivory" aria-labelledby="hero-title">
        <div className="mx-auto grid max-w-[1440px] md:grid-cols-2 md:items-center desk:grid-cols-[5fr_7fr]">
          <div className="bg-sand md:order-last">
            {/* The largest paint: eager, first in the HTML's images, at high priority. */}
            <img
              src={hero.src}
              srcSet={hero.srcSet}
              sizes="(min-width: 984px) 58vw, (min-width: 768px) 50vw, 100vw"
              width={hero.width}
              height={hero.height}
              alt=""
              fetchPriority="high"
              className="aspect-[4/3] w-full object-cover object-[50%_76%] md:aspect-[4/5] desk:aspect-[10/9]"
            />
          </div>
          <div className="px-4 pt-5 pb-12 md:py-12 md:pr-10 desk:pr-16 desk:pl-6" data-testid="hero-copy">
            <p className="eyebrow mb-2 desk:mb-5">{t("hero.eyebrow")}</p>
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

      {loaderData.newArrivals.length ? (
        <section className="relative pt-16 desk:pt-24" aria-labelledby="arrivals-title">
          <div className="arrivals-head container-page mb-6">
            <h2 id="arrivals-title" className="text-4xl">
              {t("newArrivals")}
            </h2>
          </div>
          {/* A row that shows there is more: the next card peeks in at every width. Where the
              browser draws scroll buttons from CSS (app.css, .snap-row-arrows), arrows beside the
              heading scroll it, with no JavaScript. */}
          <ul
            className="snap-row snap-row-arrows container-page flex gap-4 overflow-x-auto pb-6 desk:gap-6"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable row: keyboard users focus it to scroll (axe scrollable-region-focusable).
            tabIndex={0}
            aria-labelledby="arrivals-title"
            data-previous={t("arrivalsPrevious")}
            data-next={t("arrivalsNext")}
          >
            {loaderData.newArrivals.map((product) => (
              <li key={product.id} className="w-[70%] shrink-0 sm:w-[40%] md:w-[30%] desk:w-[calc((100%-6rem)/4.4)]">
                <ProductCard product={product} sizes="(min-width: 984px) 22vw, (min-width: 768px) 30vw, (min-width: 640px) 40vw, 70vw" />
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
        <Link to={to} className="link mt-8 self-start text-label font-medium uppercase">
          {link} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
