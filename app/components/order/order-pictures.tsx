import { Link } from "react-router";
import type { OrderPicture } from "~/modules/order/order.service.server";

const SIZES = {
  // 4:5 like every product picture, so nothing shifts while they load.
  small: { box: "h-15 w-12", sizes: "48px" },
  // Four fit a phone's card: 64 px wide there, 96 px from the tablet up.
  large: { box: "h-20 w-16 sm:h-30 sm:w-24", sizes: "(min-width: 40rem) 96px, 64px" },
} as const;

/**
 * An order's pictures in a row, each a line's photograph or drawing, leading to the order. The
 * order's own link (its number) is the one a keyboard or a screen reader meets: this one repeats
 * it for the pointer and stays out of their way.
 */
export function OrderPictures({ pictures, to, size = "small" }: { pictures: OrderPicture[]; to: string; size?: keyof typeof SIZES }) {
  if (!pictures.length) return null;
  const { box, sizes } = SIZES[size];
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className="flex shrink-0 gap-1.5" data-testid="order-pictures">
      {pictures.map((picture) => (
        <picture key={picture.src}>
          {picture.sources?.map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />)}
          <img src={picture.src} srcSet={picture.srcSet} sizes={sizes} width={picture.width} height={picture.height} alt={picture.alt} loading="lazy" className={`${box} bg-ivory object-cover`} />
        </picture>
      ))}
    </Link>
  );
}
