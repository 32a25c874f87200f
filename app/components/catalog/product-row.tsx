import type { ProductCard as ProductCardData } from "~/modules/catalog/product.service.server";
import { ProductCard } from "./product-card";

/**
 * A titled row of product cards that shows there is more: the next card peeks in at every width,
 * phones swipe, and where the browser draws scroll buttons from CSS (app.css, .snap-row-arrows)
 * two arrows beside the heading scroll it, with no JavaScript. The home's new arrivals, a
 * story's "shop the story" row, "Visti di recente" on the product page and the bag. One per page
 * (the arrows are anchored to its heading).
 */
export function ProductRow({
  id,
  title,
  previousLabel,
  nextLabel,
  products,
  className = "",
  contained = true,
}: {
  /** The heading's id: the section and the list are named by it. */
  id: string;
  title: string;
  previousLabel: string;
  nextLabel: string;
  products: ProductCardData[];
  className?: string;
  /** Whether the row sets its own page margins (false inside a page's container: the product page, the bag). */
  contained?: boolean;
}) {
  const page = contained ? "container-page " : "";
  return (
    <section className={`relative ${className}`} aria-labelledby={id}>
      <div className={`product-row-head ${page}mb-6`}>
        <h2 id={id} className="text-4xl">
          {title}
        </h2>
      </div>
      <ul
        className={`snap-row snap-row-arrows ${page}flex gap-4 overflow-x-auto pb-6 desk:gap-6`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable row: keyboard users focus it to scroll (axe scrollable-region-focusable).
        tabIndex={0}
        aria-labelledby={id}
        data-previous={previousLabel}
        data-next={nextLabel}
      >
        {products.map((product) => (
          <li key={product.id} className="w-[70%] shrink-0 sm:w-[40%] md:w-[30%] desk:w-[calc((100%-6rem)/4.4)]">
            <ProductCard product={product} sizes="(min-width: 984px) 22vw, (min-width: 768px) 30vw, (min-width: 640px) 40vw, 70vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
