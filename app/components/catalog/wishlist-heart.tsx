import type { ReactNode } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { SHOP_LAYOUT_ID, useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { ShopperState } from "~/modules/session/shopper-state";

/** The id of a piece's heart form, for a heart drawn away from its form (see WishlistHeart's `detached`). */
const formIdOf = (productId: number) => `wishlist-${productId}`;

/** The heart's fetcher, and whether the piece shows as saved: what the shopper asked last while it travels, then the answer, then the page's data. */
function useWishlistState(productId: number) {
  const saved = useRouteLoaderData<ShopperState>(SHOP_LAYOUT_ID)?.wishlist.includes(productId);
  const fetcher = useFetcher<{ saved?: boolean }>({ key: formIdOf(productId) });
  const asked = fetcher.formData?.get("intent");
  return [fetcher, asked ? asked === "add" : (fetcher.data?.saved ?? !!saved)] as const;
}

/**
 * The heart that saves a piece to the wishlist or takes it off: a real form post to the wishlist
 * page's action. Without JavaScript the shopper comes back to this page with a notice; with it,
 * a fetcher posts in place, the heart fills (or empties) at once, and the change is announced.
 * `sku`: the size chosen on the product page, saved with the piece.
 *
 * `detached`: the heart sits inside another form (a listing's filter form holds its cards), where
 * a form may not be; it submits its own (WishlistHeartForm, rendered outside) by the `form`
 * attribute. The CSS fills the heart once the piece is saved.
 */
export function WishlistHeart({ productId, name, sku, className, detached }: { productId: number; name: string; sku?: string; className?: string; detached?: boolean }) {
  const { t } = useTranslation();
  const [fetcher, shown] = useWishlistState(productId);
  const heart = (
    <>
      <button type="submit" form={detached ? formIdOf(productId) : undefined} className="heart-button" data-testid="wishlist-heart" data-saved={shown}>
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20Z" />
        </svg>
        {/* Text, not an aria-label: a text browser shows it too. */}
        <span className="sr-only">{t(shown ? "wishlist.remove" : "wishlist.add", { name })}</span>
      </button>
      <span role="status" className="sr-only">
        {fetcher.state === "idle" && fetcher.data ? t(fetcher.data.saved ? "wishlist.added" : "wishlist.removed") : ""}
      </span>
    </>
  );
  return detached ? (
    <div className={className}>{heart}</div>
  ) : (
    <WishlistHeartForm productId={productId} sku={sku} className={className}>
      {heart}
    </WishlistHeartForm>
  );
}

/** A heart's form: what it posts (the intent follows the piece's state), with the heart inside or, detached, elsewhere. */
export function WishlistHeartForm({ productId, sku, className, children }: { productId: number; sku?: string; className?: string; children?: ReactNode }) {
  const { href } = useLocale();
  const location = useLocation();
  const [fetcher, shown] = useWishlistState(productId);
  const hydrated = useHydrated();
  return (
    <fetcher.Form id={children ? undefined : formIdOf(productId)} method="post" action={href("/preferiti")} className={className}>
      <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      {sku ? <input type="hidden" name="sku" value={sku} /> : null}
      {/* Without JavaScript the answer is a redirect back here; a fetcher's stays on the page. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      {children}
    </fetcher.Form>
  );
}
