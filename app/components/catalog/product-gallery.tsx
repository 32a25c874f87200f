import { type MouseEvent, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import type { ProductImage } from "~/modules/catalog/product.service.server";
import { Picture } from "./product-card";

/** 85 % of a phone's width; on desktop the main picture beside the thumbnails (about 580 px in a 1440 px page). */
const GALLERY_SIZES = "(min-width: 1440px) 580px, (min-width: 984px) 41vw, 85vw";
/** The thumbnails: 80 px wide, desktop only (hidden, and so never fetched, on phones). */
const THUMB_SIZES = "80px";

export const slideId = (index: number) => `product-image-${index + 1}`;

/**
 * The product's small lookbook in the chosen colour. One row of pictures that snaps (CSS scroll
 * snap, no JavaScript): on phones a swipe, each picture with its own counter ("2 / 5") so the
 * count is right wherever the row rests; on desktop one large picture with a column of thumbnails
 * beside it. The thumbnails are links to the pictures' ids, so without JavaScript the browser
 * scrolls the row to the one chosen; with it, the row scrolls smoothly, the address stays as it
 * is and the thumbnail of the picture shown is marked. The first picture is the page's largest
 * paint: eager and high priority; the rest load lazily.
 */
export function ProductGallery({ images, name, colorName }: { images: ProductImage[]; name: string; colorName: string }) {
  const { t } = useTranslation("catalog");
  const row = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(0);
  const count = images.length;
  const altOf = (image: ProductImage) =>
    // A photograph's alt text is its own (docs/decisions/023).
    image.alt ?? t("product.imageAlt", { name, color: colorName, view: t(`product.views.${image.view}` as "product.views.front") });
  const go = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    const list = row.current;
    const slide = list?.children[index] as HTMLElement | undefined;
    if (!list || !slide || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: reduce ? "auto" : "smooth" });
    setShown(index);
  };
  // With JavaScript, the thumbnail of the picture at rest is marked (the row may be scrolled by hand).
  const onScroll = () => {
    const list = row.current;
    if (!list || !list.clientWidth) return;
    const index = Math.round(list.scrollLeft / (list.scrollWidth / Math.max(1, count)));
    if (index !== shown) setShown(Math.min(count - 1, Math.max(0, index)));
  };
  return (
    <section aria-label={t("product.gallery")} className="desk:flex desk:gap-4" data-testid="gallery">
      {count > 1 ? (
        <ul className="hidden shrink-0 flex-col gap-3 desk:flex desk:w-20" data-testid="gallery-thumbs">
          {images.map((image, index) => (
            <li key={image.src}>
              <a
                href={`#${slideId(index)}`}
                onClick={go(index)}
                aria-current={index === shown ? "true" : undefined}
                className={`block border bg-sand ${index === shown ? "border-ink" : "border-transparent hover:border-stone"}`}
              >
                <Picture image={image} sizes={THUMB_SIZES} alt="" loading="lazy" decoding="async" className="aspect-[4/5] h-auto w-full object-cover" />
                <span className="sr-only">{t("product.showImage", { index: index + 1, total: count, view: t(`product.views.${image.view}` as "product.views.front") })}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable row: keyboard users focus it to scroll (axe scrollable-region-focusable). */}
      <ul ref={row} onScroll={onScroll} className="gallery-row snap-row -mx-4 flex min-w-0 flex-1 gap-2 overflow-x-auto px-4 desk:mx-0 desk:gap-0 desk:px-0" tabIndex={0} data-testid="gallery-row">
        {images.map((image, index) => (
          <li key={image.src} id={slideId(index)} className="relative w-[85%] shrink-0 scroll-mt-24 bg-sand desk:w-full">
            <Picture
              image={image}
              sizes={GALLERY_SIZES}
              alt={altOf(image)}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? "sync" : "async"}
              className="aspect-[4/5] h-auto w-full object-cover"
            />
            {count > 1 ? (
              // The counter rides on its picture: right wherever the row rests, without JavaScript.
              <span aria-hidden="true" className="absolute bottom-3 right-3 bg-paper/90 px-2 py-0.5 text-xs tabular-nums tracking-wider text-ink desk:hidden" data-testid="gallery-counter">
                {index + 1} / {count}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
