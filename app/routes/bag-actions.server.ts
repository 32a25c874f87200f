import type { RequestContext } from "~/middleware/request-context.server";
import type { FlashNotice } from "~/modules/session/session.server";
import type { BagForm } from "~/modules/bag/bag.schema";
import { reorder } from "~/modules/order/reorder.service.server";
import { addDiscountCode, addToBag, mergeBags, removeDiscountCode, removeLine, setLineQuantity } from "~/modules/bag/bag.service.server";

/** The signed-in account holder, whose bag the bag is (a guest's and an anonymous shopper's are the session's). */
const accountHolder = (ctx: RequestContext) => (ctx.shopper.kind === "account" ? ctx.shopper.userId : null);

/**
 * Points the session at the bag an add went into, when it is another than `was`. An account
 * holder's is the account's bag, whatever the session held. An anonymous shopper's new bag:
 * another request of this shopper may have made one at the same moment; the loser's lines move
 * into the winner's bag, so neither add is lost.
 */
async function holdBag(ctx: RequestContext, bagId: number, was: number | null): Promise<void> {
  if (bagId === was) return;
  if (accountHolder(ctx) !== null) return ctx.session.set({ cart_id: bagId });
  const held = await ctx.session.claimCart(bagId, was);
  if (held !== bagId) await mergeBags(ctx.db, { from: bagId, into: held });
}

/**
 * Runs one bag form (the /cart page's and the /api/cart calls' shared path) for the request's
 * shopper: the bag id comes from the session, never from the request, and a new bag's id goes
 * into the session. Returns the notice to show (spec §4's texts).
 */
export async function performBagIntent(ctx: RequestContext, form: BagForm): Promise<FlashNotice[]> {
  const { db, session, locale } = ctx;
  const bagId = ctx.bagId;
  switch (form.intent) {
    case "add": {
      const added = await addToBag(db, { bagId, userId: accountHolder(ctx), sku: form.sku, quantity: form.quantity });
      await holdBag(ctx, added.bagId, bagId);
      return [{ kind: "success", key: "bag:notices.added" }, ...(added.capped ? [{ kind: "warning" as const, key: "bag:notices.capped" }] : [])];
    }
    case "edit": {
      const outcome = await setLineQuantity(db, { bagId, lineId: form.lineId, quantity: form.quantity });
      return [outcome === "removed" ? { kind: "warning", key: "bag:notices.removed" } : { kind: "success", key: "bag:notices.edited" }];
    }
    case "remove":
      await removeLine(db, { bagId, lineId: form.lineId });
      return [{ kind: "warning", key: "bag:notices.removed" }];
    case "addDiscount":
      await addDiscountCode(db, { bagId, code: form.code, customer: { email: null, userId: session.userId } }, locale);
      return [{ kind: "success", key: "bag:notices.couponAdded" }];
    case "removeDiscount":
      await removeDiscountCode(db, bagId);
      return [{ kind: "success", key: "bag:notices.couponRemoved" }];
    case "reorder": {
      const result = await reorder(db, { orderId: form.orderId, viewer: ctx.orderViewer, bagId });
      if (result.bagId !== null) await holdBag(ctx, result.bagId, bagId);
      const notices: FlashNotice[] = [];
      if (result.added.length) notices.push({ kind: "success", key: "bag:notices.reordered" });
      if (result.unavailable.length) notices.push({ kind: "warning", key: "bag:notices.reorderUnavailable", values: { products: result.unavailable.join(", ").slice(0, 600) } });
      return notices;
    }
  }
}
