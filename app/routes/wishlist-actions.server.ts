import type { RequestContext } from "~/middleware/request-context.server";
import type { WishlistForm } from "~/modules/wishlist/wishlist.schema";
import { removeFromWishlist, saveToWishlist, setPriceDropAlerts, wishlistOwnerOf } from "~/modules/wishlist/wishlist.service.server";
import { DomainError } from "~/utils/domain-error";

/**
 * Runs one wishlist form (the hearts', the wishlist page's and the /api/wishlist calls' shared
 * path) for the request's shopper: the list is the session's account's or the session's own,
 * never one the request names. A first save gives a shopper without a session one (as a first
 * add to the bag does). Returns whether the piece is saved afterwards, and the notice to show.
 * Price-drop e-mails are an account holder's (they go to the account's address).
 */
export async function performWishlistIntent(ctx: RequestContext, form: WishlistForm): Promise<{ saved: boolean; notice: string }> {
  if (form.intent === "alerts") {
    if (ctx.shopper.kind !== "account") throw new DomainError("WISHLIST_ALERTS_NEED_ACCOUNT", "price-drop e-mails need an account");
    const on = form.alerts === "on";
    await setPriceDropAlerts(ctx.db, { userId: ctx.shopper.userId, on, locale: ctx.locale });
    return { saved: false, notice: on ? "wishlist.alertsOn" : "wishlist.alertsOff" };
  }
  const owner = wishlistOwnerOf(ctx.shopper, ctx.session.id);
  if (form.intent === "remove") {
    if (owner) await removeFromWishlist(ctx.db, owner, form.productId);
    return { saved: false, notice: "wishlist.removed" };
  }
  if (!owner) await ctx.session.ensure();
  await saveToWishlist(ctx.db, owner ?? wishlistOwnerOf(ctx.shopper, ctx.session.id)!, { productId: form.productId, sku: form.sku || null });
  return { saved: true, notice: "wishlist.added" };
}
