import { Form, Link, useNavigation } from "react-router";
import { Price } from "~/components/catalog/price";
import { ProductCard } from "~/components/catalog/product-card";
import { useTranslateErrors } from "~/components/ui/form-kit";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { BagLine, BagView } from "~/modules/bag/bag.service.server";
import type { ProductCard as ProductCardData } from "~/modules/catalog/product.service.server";
import { formatMoney } from "~/utils/money";
import { type BagActionData, FreeShippingProgress, LineThumbnail, QuantityStepper, RemoveLine, errorsOf } from "./line-controls";
import { lineProblemText } from "./line-problem";

/** Without JavaScript a bag form says where to come back to: the bag. */
function ReturnHere() {
  const hydrated = useHydrated();
  const { href } = useLocale();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={href("/cart")} />;
}

/** Whether this form's submission is on its way (pending state, spec §4). */
function useBusy(intent: string, lineId?: number) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return Boolean(form && form.get("intent") === intent && (lineId === undefined || Number(form.get("lineId")) === lineId));
}

export function BagPage({ bag, suggestions, recentlyViewed, actionData }: { bag: BagView; suggestions: ProductCardData[]; recentlyViewed: ProductCardData[]; actionData?: BagActionData }) {
  const { t } = useTranslation("bag");
  const { href } = useLocale();
  return (
    <div className="container-page pb-20 pt-6 desk:pt-10">
      <h1 className="mb-8 text-5xl desk:text-6xl">{t("title")}</h1>
      {bag.lines.length === 0 ? (
        <>
          <section className="max-w-xl border-t border-line py-12" aria-labelledby="bag-empty">
            <h2 id="bag-empty" className="mb-3 text-3xl">
              {t("empty.title")}
            </h2>
            <p className="mb-8 text-stone">{t("empty.text")}</p>
            <Link to={href("/")} className="btn btn-primary">
              {t("empty.cta")}
            </Link>
          </section>
          <Suggestions title={t("empty.newIn")} cards={suggestions} columns="desk:grid-cols-4" />
        </>
      ) : (
        // Phones: the lines, the code, the summary, then the look. Desktop: the summary beside
        // the lines and the look, sticky.
        <div className="grid gap-x-10 gap-y-12 desk:grid-cols-12">
          <section className="desk:col-span-8" aria-label={t("title")}>
            <ul className="divide-y divide-line border-y border-line" data-testid="bag-lines">
              {bag.lines.map((line) => (
                <BagLineItem key={line.id} line={line} errors={errorsOf(actionData, ["edit", "remove"], line.id)} />
              ))}
            </ul>
            <CouponForm bag={bag} actionData={actionData} />
          </section>
          <BagSummary bag={bag} />
          <Suggestions title={t("look.title")} intro={t("look.intro")} cards={suggestions} columns="sm:grid-cols-4" className="desk:col-span-8 desk:col-start-1" />
          <CheckoutBar bag={bag} />
        </div>
      )}
      {/* The pieces the shopper looked at last (with their consent to preference cookies). */}
      {/* A grid like the suggestions' (a scrolling row would cost the bag page its JavaScript budget). */}
      <Suggestions id="recently-viewed-title" title={t("recentlyViewed")} cards={recentlyViewed} columns="desk:grid-cols-4" className="mt-16" />
    </div>
  );
}

/** Products to go on with: "Complete the look" under a bag, what is new under an empty one, the pieces looked at last. Server-rendered cards. */
function Suggestions({ id = "suggestions-title", title, intro, cards, columns, className = "" }: { id?: string; title: string; intro?: string; cards: ProductCardData[]; columns: string; className?: string }) {
  if (!cards.length) return null;
  return (
    <section aria-labelledby={id} className={`border-t border-line pt-10 ${className}`} data-testid="bag-suggestions">
      <h2 id={id} className="text-3xl desk:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-2 text-stone">{intro}</p> : null}
      <ul className={`mt-6 grid grid-cols-2 gap-x-4 gap-y-10 desk:gap-x-6 ${columns}`}>
        {cards.map((card) => (
          <li key={card.id}>
            <ProductCard product={card} sizes="(min-width: 984px) 16vw, (min-width: 640px) 25vw, 50vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BagLineItem({ line, errors }: { line: BagLine; errors?: string[] }) {
  const { t } = useTranslation("bag");
  const { locale } = useLocale();
  const translate = useTranslateErrors();
  const editing = useBusy("edit", line.id);
  const removing = useBusy("remove", line.id);
  const problemId = `line-${line.id}-problem`;
  const problem = lineProblemText(line, t);
  const messages = translate(errors);
  return (
    <li className="grid grid-cols-[96px_minmax(0,1fr)] gap-x-4 py-6 sm:gap-x-6" data-testid="bag-line" aria-busy={editing || removing || undefined}>
      <LineThumbnail line={line} lazy />
      <div className="flex min-w-0 flex-col justify-between gap-4">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 className="font-sans text-base font-normal leading-snug tracking-normal">
              <Link to={line.url} className="hover:text-terracotta">
                {line.name}
              </Link>
            </h2>{" "}
            {/* The spaces between terms and values are for text browsers; the flex rows take no room for them. */}
            <dl className="mt-1 flex flex-wrap gap-x-4 text-sm text-stone">
              <div className="flex gap-1.5">
                <dt>{t("line.size")}</dt> <dd className="text-ink">{line.size}</dd>
              </div>{" "}
              <div className="flex gap-1.5">
                <dt>{t("line.color")}</dt> <dd className="text-ink">{line.color.name}</dd>
              </div>
            </dl>{" "}
            {line.fewLeft ? (
              <p className="mt-1 text-xs font-medium text-warning" data-testid="line-few-left">
                {t("line.fewLeft", { count: line.fewLeft })}
              </p>
            ) : null}{" "}
            {/* The unit price only where it says more than the line's total: several pieces, or a reduction. */}
            {line.quantity > 1 || line.compareAtCents ? (
              <Price cents={line.unitCents} compareAtCents={line.compareAtCents} lowestCents={line.lowestPriceCents} className="mt-2 font-display text-base" />
            ) : null}
          </div>{" "}
          <p className="shrink-0 font-display text-xl tabular-nums">
            <span className="sr-only">{t("line.total")}: </span>
            {formatMoney(line.totalCents, locale)}
          </p>
        </div>{" "}
        {problem ? (
          <p id={problemId} className="text-sm font-medium text-sale" data-testid="line-problem">
            {problem}
          </p>
        ) : null}
        {messages ? (
          <p role="alert" className="text-sm text-sale">
            {messages.join(" ")}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <QuantityStepper line={line} Form={Form} busy={editing} describedBy={problem ? problemId : undefined}>
            <ReturnHere />
          </QuantityStepper>{" "}
          <RemoveLine line={line} Form={Form} busy={removing}>
            <ReturnHere />
          </RemoveLine>
        </div>
      </div>
    </li>
  );
}

function CouponForm({ bag, actionData }: { bag: BagView; actionData?: BagActionData }) {
  const { t } = useTranslation("bag");
  const { href, locale } = useLocale();
  const translate = useTranslateErrors();
  const adding = useBusy("addDiscount");
  const removing = useBusy("removeDiscount");
  const busy = adding || removing;
  const errors = translate(errorsOf(actionData, "addDiscount"));
  const typed = actionData?.intent === "addDiscount" && actionData.result.status === "error" ? String(actionData.result.initialValue?.code ?? "") : "";
  const discount = bag.discount;
  return (
    <section className="mt-8 max-w-md" aria-labelledby="coupon-title">
      <h2 id="coupon-title" className="mb-3 text-2xl">
        {t("coupon.label")}
      </h2>
      {discount ? (
        <div className="space-y-2" data-testid="coupon-applied">
          {/* A div, not a p: a form inside a p is cut out of it by the HTML parser, and the page
              the browser builds then differs from React's (hydration error #418). */}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <p className="font-semibold">{t("coupon.applied", { code: discount.code })}</p>
            <Form method="post" action={href("/cart")}>
              <ReturnHere />
              <input type="hidden" name="intent" value="removeDiscount" />
              <button type="submit" className="link min-h-11 underline" disabled={busy}>
                {t("coupon.remove")}
              </button>
            </Form>
          </div>
          {discount.problem === "minimum" ? (
            <p className="text-sm text-sale">{t("coupon.minimum", { code: discount.code, amount: formatMoney(bag.totals.subtotalCents, locale) })}</p>
          ) : discount.problem === "notEligible" ? (
            <p className="text-sm text-sale">{t("coupon.notEligible", { code: discount.code })}</p>
          ) : discount.partlyEligible ? (
            <p className="text-sm text-stone" data-testid="coupon-partly">
              {t("coupon.partlyEligible")}
            </p>
          ) : null}
        </div>
      ) : (
        <Form method="post" action={href("/cart")} className="flex items-start gap-3" key={actionData?.done ? "done" : "open"}>
          <ReturnHere />
          <input type="hidden" name="intent" value="addDiscount" />
          <div className="flex-1">
            <label htmlFor="coupon-code" className="sr-only">
              {t("coupon.label")}
            </label>
            <input
              id="coupon-code"
              name="code"
              type="text"
              autoComplete="off"
              maxLength={64}
              defaultValue={typed}
              className="field-input w-full uppercase"
              aria-invalid={errors ? true : undefined}
              aria-describedby="coupon-code-error"
              // The answer to a failed code is a new page (or new data): the field to fix takes the focus.
              ref={(input) => {
                if (errors && input && document.activeElement !== input) input.focus();
              }}
            />
            <p id="coupon-code-error" className="mt-1 text-sm text-sale" role={errors ? "alert" : undefined}>
              {errors?.join(" ")}
            </p>
          </div>
          <button type="submit" className="btn btn-secondary" disabled={busy} aria-busy={busy || undefined}>
            {adding ? <span className="spinner" aria-hidden="true" /> : null}
            {t("coupon.apply")}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * Phones only: the total and the way to the checkout, kept at the bottom of the screen while the
 * shopper scrolls the lines and the look (CSS sticky, no JavaScript). Hidden from the desktop,
 * where the summary beside the lines stays in view.
 */
function CheckoutBar({ bag }: { bag: BagView }) {
  const { t } = useTranslation("bag");
  const { href, locale } = useLocale();
  return (
    <div className="sticky bottom-0 z-20 -mx-4 flex items-center justify-between gap-4 border-t border-line bg-paper px-4 py-3 shadow-[0_-4px_16px_rgba(27,27,27,0.06)] desk:hidden" data-testid="checkout-bar">
      <p className="flex flex-col leading-tight">
        <span className="text-xs text-stone">{t("summary.total")}</span>{" "}
        <span className="font-display text-2xl tabular-nums">{formatMoney(bag.totals.totalCents, locale)}</span>
      </p>
      {bag.checkoutBlocked ? (
        <span className="btn btn-primary cursor-not-allowed opacity-50" aria-disabled="true" aria-describedby="checkout-blocked">
          {t("summary.checkout")}
        </span>
      ) : (
        <Link to={href("/checkout")} className="btn btn-primary">
          {t("summary.checkout")}
        </Link>
      )}
    </div>
  );
}

function BagSummary({ bag }: { bag: BagView }) {
  const { t } = useTranslation("bag");
  const { href, locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const { totals } = bag;
  return (
    <aside className="desk:col-span-4 desk:col-start-9 desk:row-span-2 desk:row-start-1" aria-labelledby="summary-title">
      <div className="space-y-6 border border-line bg-paper p-6 desk:sticky desk:top-24" data-testid="bag-summary">
        <h2 id="summary-title" className="text-3xl">
          {t("summary.title")}
        </h2>{" "}
        {/* dt and dd apart by a space too: a text browser and textContent read "Totale 467,00 €". */}
        <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm [&>dd]:pl-4">
          <dt>{t("summary.subtotal")}</dt>{" "}
          <dd className="amount text-right" data-testid="subtotal">
            {money(totals.subtotalCents)}
          </dd>{" "}
          {totals.discountCents > 0 ? (
            <>
              <dt>{t("summary.discount")}</dt>{" "}
              <dd className="amount text-right" data-testid="discount">
                −{money(totals.discountCents)}
              </dd>{" "}
            </>
          ) : null}
          <dt>{t("summary.shipping")}</dt>{" "}
          <dd className="amount text-right" data-testid="shipping">
            {totals.shippingCents === 0 ? t("summary.free") : money(totals.shippingCents)}
          </dd>{" "}
          <dt className="mt-2 border-t border-line pt-4 font-display text-2xl">{t("summary.total")}</dt>{" "}
          <dd className="mt-2 border-t border-line pt-4 text-right font-display text-2xl tabular-nums" data-testid="total">
            {money(totals.totalCents)}
          </dd>{" "}
          <dd className="col-span-2 !pl-0 text-xs text-stone">{t("summary.vat", { amount: money(totals.vatCents) })}</dd>
        </dl>{" "}
        <FreeShippingProgress totals={totals} id="free-shipping-text" />{" "}
        {bag.checkoutBlocked ? (
          <>
            <p className="text-sm font-medium text-sale" id="checkout-blocked">
              {t("summary.blocked")}
            </p>
            <span className="btn btn-primary w-full cursor-not-allowed opacity-50" aria-disabled="true" aria-describedby="checkout-blocked" data-testid="checkout">
              {t("summary.checkout")}
            </span>
          </>
        ) : (
          <Link to={href("/checkout")} className="btn btn-primary w-full" data-testid="checkout">
            {t("summary.checkout")}
          </Link>
        )}
      </div>
    </aside>
  );
}
