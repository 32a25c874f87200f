import { type ImgHTMLAttributes, memo } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "~/modules/catalog/product.service.server";
import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { Price } from "./price";
import { WishlistHeart } from "./wishlist-heart";

/**
 * A colour swatch. An SVG fill, not a `style` attribute: the shop's CSP allows no inline styles,
 * and a presentation attribute is not one (docs/decisions/019). Here with the card, which every
 * page showing swatches loads already: in a module of its own, Atelier's use of it made it a chunk
 * of its own on the storefront's pages too (docs/decisions/004).
 */
export function ColorDot({ hex, className }: { hex: string; className: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 2 2" className={className}>
      <circle cx="1" cy="1" r="1" fill={hex} />
    </svg>
  );
}

/**
 * An image at its size (width and height: no layout shift), with a photograph's AVIF and WebP
 * sources (docs/decisions/023); a drawing has none. Here, not in a module of its own, so that
 * the product page's gallery shares the card's chunk rather than adding one.
 */
export function Picture({ image, sizes, alt, ...img }: { image: ResponsiveImage; sizes: string; alt: string } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <picture>
      {image.sources?.map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />)}
      <img src={image.src} srcSet={image.srcSet} sizes={sizes} width={image.width} height={image.height} alt={alt} {...img} />
    </picture>
  );
}

/** `detachedHeart`: the card sits inside another form (a listing's), which renders the hearts' forms outside it. */
function ProductCardView({ product, eager = false, sizes, detachedHeart = false }: { product: ProductCardData; eager?: boolean; sizes: string; detachedHeart?: boolean }) {
  const { t } = useTranslation();
  return (
    <article className="group relative">
      <div className="relative mb-3 overflow-hidden bg-sand">
        <Picture image={product.image} sizes={sizes} alt={product.image.alt} loading={eager ? "eager" : "lazy"} decoding="async" className="card-image" />
        {product.hoverImage ? (
          // The back view under a desktop pointer (CSS only). Lazy and hidden elsewhere, so
          // phones and the first paint never fetch it; decorative: the front's alt names the piece.
          <img src={product.hoverImage.src} width={product.hoverImage.width} height={product.hoverImage.height} alt="" loading="lazy" decoding="async" className="card-image-hover" aria-hidden="true" />
        ) : null}
        {/* Above the card's link, which covers the whole card. */}
        <WishlistHeart productId={product.id} name={product.name} className="absolute right-1 top-1 z-10" detached={detachedHeart} />
        {product.soldOut ? (
          <span className="absolute left-2 top-2 bg-paper px-2 py-1 text-[0.6875rem] font-semibold tracking-widest text-ink uppercase">
            {t("price.soldOut")}
          </span>
        ) : null}
      </div>
      <h3 className="font-sans text-[0.9375rem] font-normal leading-snug tracking-normal">
        <Link to={product.url} className="after:absolute after:inset-0 hover:text-terracotta">
          {product.name}
        </Link>
      </h3>
      <Price cents={product.priceCents} compareAtCents={product.compareAtCents} lowestCents={product.lowestPriceCents} className="mt-1 font-display text-lg" compact />
      <ul className="mt-2 flex gap-1.5" aria-label={t("price.colors")}>
        {product.colors.map((c) => (
          <li key={c.code} title={c.name}>
            <ColorDot hex={c.hex} className="block size-3.5 rounded-full border border-black/25" />
            <span className="sr-only">{c.name}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

// Memoized: a listing renders once more right after hydration (components that read
// useHydrated switch to their JavaScript form), and that render runs in one long task; the
// cards take no part in it when their data is the same.
export const ProductCard = memo(ProductCardView);
