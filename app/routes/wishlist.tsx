import { data, Form, Link, redirect, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/wishlist";
import { ADD_TO_BAG_FETCHER } from "~/components/bag/add-to-bag-fetcher";
import { Price } from "~/components/catalog/price";
import { Picture } from "~/components/catalog/product-card";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { FEW_LEFT } from "~/modules/catalog/catalog-rules";
import { WISHLIST_INTENTS, WishlistFormSchema } from "~/modules/wishlist/wishlist.schema";
import { type WishlistEntry, getWishlist, priceDropAlertsOn, wishlistOwnerOf } from "~/modules/wishlist/wishlist.service.server";
import { getAccount } from "~/modules/account/account.service.server";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { cacheControl } from "~/utils/cache-policy";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { safeRedirect } from "~/utils/safe-redirect";
import { seoMeta } from "~/utils/seo";
import { performWishlistIntent } from "./wishlist-actions.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, env, tns, shopper, session } = getRequestContext(context);
  const t = tns("wishlist");
  const [entries, alerts] = await Promise.all([getWishlist(db, locale, wishlistOwnerOf(shopper, session.id)), shopper.kind === "account" ? alertsOf(db, shopper.userId) : null]);
  return data(
    {
      entries,
      isAccountHolder: shopper.kind === "account",
      // An account holder's price-drop e-mails: on or off, and the address they go to.
      alerts,
      texts: pickTexts(locale, ["wishlist"]),
      origin: env.PUBLIC_URL,
      title: t("title"),
      description: t("metaDescription"),
      page: { alternates: { it: "/preferiti", en: "/en/wishlist" } },
    },
    // The list is the shopper's own: never stored by a shared cache.
    { headers: cacheControl("private") },
  );
}

async function alertsOf(db: Kysely<Database>, userId: number) {
  const [on, account] = await Promise.all([priceDropAlertsOn(db, userId), getAccount(db, userId)]);
  return { on, email: account?.email ?? "" };
}

/**
 * Every heart posts here (add, remove), and the page's own remove buttons and price-drop e-mail switch. Without JavaScript a
 * form carries `redirectTo`: the shopper goes back there with a notice, an error as a notice
 * too. A fetcher's post (JavaScript) is answered with the heart's new state, announced in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseIntentForm(formData, WishlistFormSchema, WISHLIST_INTENTS);
  const back = typeof submission.payload.redirectTo === "string" ? submission.payload.redirectTo : null;
  const goBack = back ? safeRedirect(back, ctx.href("/preferiti")) : null;
  if (submission.status !== "success") {
    if (goBack) {
      await ctx.session.addFlash({
        kind: "error",
        key: Object.values(submission.error ?? {}).flat()[0] ?? "domain.malformedForm",
      });
      throw redirect(goBack, 303);
    }
    return data(invalidForm(submission).data, { status: 400 });
  }
  let outcome: { saved: boolean; notice: string };
  try {
    outcome = await performWishlistIntent(ctx, submission.value);
  } catch (error) {
    if (goBack && isDomainError(error)) {
      await ctx.session.addFlash({ kind: "error", key: error.messageKey });
      throw redirect(goBack, 303);
    }
    const answer = formError(submission, error);
    return data(answer.data, { status: answer.init?.status ?? 400, headers: answer.init?.headers });
  }
  if (goBack) {
    await ctx.session.addFlash({ kind: "success", key: outcome.notice });
    throw redirect(goBack, 303);
  }
  return { result: submission.reply(), done: true, saved: outcome.saved };
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { entries, isAccountHolder, alerts } = loaderData;
  const { t } = useTranslation("wishlist");
  const { href } = useLocale();
  return (
    <div className="container-page pb-20 pt-6 desk:pt-10">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-[2.625rem] desk:text-6xl">{t("title")}</h1>
        <p className="mt-3 text-stone">{entries.length ? `${t("count", { count: entries.length })} · ${t("intro")}` : t("empty")}</p>
        {isAccountHolder ? null : (
          <p className="mt-2 text-sm text-stone">
            {t("guestNote")}{" "}
            <Link to={`${href("/login")}?redirectTo=${encodeURIComponent(href("/preferiti"))}`} className="link underline underline-offset-4">
              {t("signIn")}
            </Link>
          </p>
        )}
      </header>
      {alerts ? <PriceDropAlerts on={alerts.on} email={alerts.email} /> : null}
      {entries.length ? (
        <ul className="divide-y divide-line border-y border-line" data-testid="wishlist">
          {entries.map((entry) => (
            <WishlistRow key={entry.product.id} entry={entry} />
          ))}
        </ul>
      ) : (
        <Link to={href("/")} className="btn btn-primary">
          {t("emptyLink")}
        </Link>
      )}
    </div>
  );
}

/** An account holder's switch for the price-drop e-mails: a form post that comes back here with a notice. */
function PriceDropAlerts({ on, email }: { on: boolean; email: string }) {
  const { t } = useTranslation("wishlist");
  const { href } = useLocale();
  return (
    <section aria-labelledby="wishlist-alerts-title" className="mb-8 flex max-w-2xl flex-wrap items-center justify-between gap-x-6 gap-y-3 border border-line bg-paper px-5 py-4" data-testid="wishlist-alerts">
      <div className="min-w-0 flex-1">
        <h2 id="wishlist-alerts-title" className="font-sans text-xs font-semibold tracking-widest text-stone uppercase">
          {t("alerts.title")}
        </h2>
        <p className="mt-1 text-sm">{on ? t("alerts.on", { email }) : t("alerts.off")}</p>
      </div>
      <Form method="post" action={href("/preferiti")}>
        <input type="hidden" name="intent" value="alerts" />
        <input type="hidden" name="alerts" value={on ? "off" : "on"} />
        <input type="hidden" name="redirectTo" value={href("/preferiti")} />
        <button type="submit" className={on ? "link inline-flex min-h-11 items-center text-sm underline underline-offset-4" : "btn btn-secondary"}>
          {on ? t("alerts.turnOff") : t("alerts.turnOn")}
        </button>
      </Form>
    </section>
  );
}

function WishlistRow({ entry }: { entry: WishlistEntry }) {
  const { t } = useTranslation("wishlist");
  const { locale, href } = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  const here = location.pathname + location.search;
  // With JavaScript the add goes through the header's fetcher: the badge counts it at once.
  const adding = useFetcher({ key: ADD_TO_BAG_FETCHER });
  const remover = useFetcher({ key: `wishlist-${entry.product.id}` });
  const { product } = entry;
  const samePrice = entry.priceCents === product.priceCents;
  const titleId = `wishlist-title-${product.id}`;
  return (
    <li className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-4 py-6 sm:grid-cols-[9rem_minmax(0,1fr)] desk:gap-8" data-testid="wishlist-item">
      <Link to={product.url} tabIndex={-1} aria-hidden="true" className="block self-start bg-sand">
        <Picture image={product.image} sizes="(min-width: 640px) 9rem, 6.5rem" alt="" loading="lazy" decoding="async" className="h-auto w-full" />
      </Link>
      <div className="min-w-0 space-y-3">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="font-sans text-base font-normal leading-snug tracking-normal">
              <Link to={product.url} className="hover:text-terracotta">
                {product.name}
              </Link>
            </h2>
            <p className="text-sm text-stone">
              {t("color", { name: entry.colorName })}
              {entry.savedSize ? ` · ${t("savedSize", { size: entry.savedSize })}` : ""}
            </p>
          </div>
          <remover.Form method="post" action={href("/preferiti")}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={product.id} />
            {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
            <button type="submit" className="link inline-flex min-h-11 items-center text-sm underline underline-offset-4" disabled={remover.state !== "idle"}>
              {t("remove")}
              <span className="sr-only"> {product.name}</span>
            </button>
          </remover.Form>
        </div>
        <Price
          cents={entry.priceCents}
          compareAtCents={samePrice ? product.compareAtCents : null}
          lowestCents={samePrice ? product.lowestPriceCents : null}
          className="font-display text-lg"
        />
        {entry.droppedFromCents !== null ? (
          <p className="text-sm font-medium text-sale" data-testid="wishlist-price-drop">
            {t("priceDropped", {
              from: formatMoney(entry.droppedFromCents, locale),
            })}
          </p>
        ) : null}
        {entry.backInSavedSize && entry.savedSize ? (
          <p className="text-sm font-medium text-success" data-testid="wishlist-back-in-stock">
            {t("backInStock", { size: entry.savedSize })}
          </p>
        ) : null}
        <adding.Form method="post" action={href("/cart")}>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="quantity" value="1" />
          {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
          <fieldset>
            <legend className="mb-2 text-xs font-semibold tracking-widest text-stone uppercase">{t("sizes")}</legend>
            <div className="flex flex-wrap gap-2">
              {entry.sizes.map((size) =>
                size.stock > 0 ? (
                  <button key={size.sku} type="submit" name="sku" value={size.sku} className="filter-chip flex-col gap-0 py-1 hover:border-ink" disabled={adding.state !== "idle"}>
                    <span aria-hidden="true">{size.size}</span>
                    <span className="sr-only">{t("addSize", { size: size.size })}</span>
                    {size.stock <= FEW_LEFT ? <span className="text-[0.6875rem] text-stone">{t("fewLeft", { count: size.stock })}</span> : null}
                  </button>
                ) : (
                  <span key={size.sku} className="filter-chip text-stone line-through">
                    <span aria-hidden="true">{size.size}</span>
                    <span className="sr-only">{t("sizeSoldOut", { size: size.size })}</span>
                  </span>
                ),
              )}
            </div>
          </fieldset>
        </adding.Form>
      </div>
    </li>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded, location }) =>
  loaded
    ? seoMeta({
        title: loaded.title,
        description: loaded.description,
        path: location.pathname,
        alternates: loaded.page.alternates,
        origin: loaded.origin,
        noindex: true,
      })
    : [];

export const ErrorBoundary = RouteErrorBoundary;
