import { data, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { BagPage } from "~/components/bag/bag-page";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { performBagIntent } from "./bag-actions.server";
import { BAG_ACTION_MARKERS, BAG_INTENTS, BagFormSchema } from "~/modules/bag/bag.schema";
import { getBag } from "~/modules/bag/bag.service.server";
import { getCachedNewArrivals, getCompleteTheLook, getProductCardsByIds } from "~/modules/catalog/product.service.server";
import { readRecentlyViewed } from "~/modules/recently-viewed/recently-viewed.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { seoMeta } from "~/utils/seo";
import { idParam } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, bagId, env, tns } = getRequestContext(context);
  const t = tns("bag");
  const [bag, viewed] = await Promise.all([getBag(db, locale, bagId), readRecentlyViewed(request)]);
  return data(
    {
      bag,
      // The pieces looked at last (preference cookies allowed), those in the bag left out.
      recentlyViewed: viewed.ids.length ? await getProductCardsByIds(db, locale, viewed.ids.filter((id) => !bag.lines.some((line) => line.productId === id))) : [],
      // Under a bag: other garment types to go with it; under an empty one: what is new.
      suggestions: bag.lines.length ? await getCompleteTheLook(db, locale, bag.kinds) : await getCachedNewArrivals(db, locale, 4),
      texts: pickTexts(locale, ["bag"]),
      origin: env.PUBLIC_URL,
      title: t("title"),
      description: t("metaDescription"),
      page: { alternates: { it: "/cart", en: "/en/cart" } },
    },
    // The bag is the shopper's own: never stored by a shared cache.
    { headers: cacheControl("private") },
  );
}

/**
 * Every bag form posts here: add (from the product page), edit, remove, addDiscount,
 * removeDiscount. Without JavaScript a form carries `redirectTo`: after success the shopper goes
 * back there (the product page after an add, the bag otherwise) and sees the notice; an add
 * that fails goes back with the error as a notice. A bag form that fails on this page is
 * answered with the page itself, the error next to the form and the input kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseIntentForm(formData, BagFormSchema, BAG_INTENTS);
  const intent = String(formData.get("intent"));
  const lineId = idParam(formData.get("lineId"));
  const back = formData.get("redirectTo");
  // An add from the product page and a reorder from the order page go back (or on) with a notice.
  const goBack = (intent === "add" || intent === "reorder") && back ? safeRedirect(back, ctx.href("/cart")) : null;
  if (submission.status !== "success") {
    if (goBack) {
      const first = Object.values(submission.error ?? {}).flat()[0] ?? "domain.malformedForm";
      await ctx.session.addFlash({ kind: "error", key: first });
      throw redirect(goBack, 303);
    }
    return data({ ...invalidForm(submission).data, intent, lineId }, { status: 400 });
  }
  try {
    for (const notice of await performBagIntent(ctx, submission.value)) await ctx.session.addFlash(notice);
  } catch (error) {
    if (goBack && isDomainError(error)) {
      await ctx.session.addFlash({ kind: "error", key: error.messageKey });
      throw redirect(goBack, 303);
    }
    const answer = formError(submission, error);
    return data({ ...answer.data, intent, lineId }, { status: answer.init?.status ?? 400, headers: answer.init?.headers });
  }
  if (back) throw redirect(safeRedirect(back, ctx.href("/cart")), 303);
  return { result: submission.reply({ resetForm: true }), intent, lineId, done: true, fetchCart: BAG_ACTION_MARKERS[submission.value.intent] };
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <BagPage bag={loaderData.bag} suggestions={loaderData.suggestions} recentlyViewed={loaderData.recentlyViewed} actionData={actionData} />;
}

export const meta: Route.MetaFunction = ({ data: loaded, location }) =>
  loaded
    ? seoMeta({ title: loaded.title, description: loaded.description, path: location.pathname, alternates: loaded.page.alternates, origin: loaded.origin, noindex: true })
    : [];

export const ErrorBoundary = RouteErrorBoundary;
