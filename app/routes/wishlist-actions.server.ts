import type { RequestContext } from "~/middleware/request-context.server";
import type { WishlistForm } from "~/modules/wishlist/wishlist.schema";
import { removeFromWishlist, saveToWishlist, wishlistOwnerOf } from "~/modules/wishlist/wishlist.service.server";

/**
 * Runs one wishlist form (the hearts', the wishlist page's and the /api/wishlist calls' shared
 * path) for the request's shopper: the list is the session's account's or the session's own,
 * never one the request names. A first save gives a shopper without a session one (as a first
 * add to the bag does). Returns whether the piece is saved afterwards.
 */
export async function performWishlistIntent(ctx: RequestContext, form: WishlistForm): Promise<boolean> {
  const owner = wishlistOwnerOf(ctx.shopper, ctx.session.id);
  if (form.intent === "remove") {
    if (owner) await removeFromWishlist(ctx.db, owner, form.productId);
    return false;
  }
  if (!owner) await ctx.session.ensure();
  await saveToWishlist(ctx.db, owner ?? wishlistOwnerOf(ctx.shopper, ctx.session.id)!, { productId: form.productId, sku: form.sku || null });
  return true;
}
