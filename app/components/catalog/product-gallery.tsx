import { useTranslation } from "~/hooks/use-translation";
import type { ProductImage } from "~/modules/catalog/product.service.server";
import { Picture } from "./product-card";

/** 85 % of a phone's width; on desktop six of twelve columns (672 px in a 1440 px page). */
const GALLERY_SIZES = "(min-width: 1440px) 672px, (min-width: 984px) 47vw, 85vw";

/**
 * The product's pictures in the chosen colour: a swipeable row on phones (scroll snap, no
 * JavaScript), stacked in one column on desktop, where the details beside them stay in view. The
 * first image is the page's largest paint: eager and high priority; the rest load lazily.
 */
export function ProductGallery({ images, name, colorName }: { images: ProductImage[]; name: string; colorName: string }) {
  const { t } = useTranslation("catalog");
  return (
    <section aria-label={t("product.gallery")}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable row: keyboard users focus it to scroll (axe scrollable-region-focusable). */}
      <ul className="snap-row -mx-4 flex gap-2 overflow-x-auto px-4 desk:mx-0 desk:flex-col desk:gap-3 desk:overflow-visible desk:px-0" tabIndex={0}>
        {images.map((image, index) => (
          <li key={image.src} className="w-[85%] shrink-0 bg-sand desk:w-full">
            <Picture
              image={image}
              sizes={GALLERY_SIZES}
              // A photograph's alt text is its own (docs/decisions/023).
              alt={image.alt ?? t("product.imageAlt", { name, color: colorName, view: t(`product.views.${image.view}` as "product.views.front") })}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? "sync" : "async"}
              className="aspect-[4/5] h-auto w-full object-cover"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
