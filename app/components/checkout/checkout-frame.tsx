import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { STEP_PATHS } from "~/modules/checkout/checkout-steps";
import { formatMoney } from "~/utils/money";

// The address block lives with the address components (the account's address book shows it too).
export { AddressBlock } from "~/components/address/address-block";

// The checkout pages' frame: the five steps (spec §4: Cart, Personal Info, Shipping, Payment,
// Review), the step's form, and the order summary beside it (below it on a phone).

export type StepName = "cart" | "personal" | "shipping" | "payment" | "review";
const STEPS: StepName[] = ["cart", "personal", "shipping", "payment", "review"];
const STEP_HREF: Record<StepName, string> = {
  cart: "/cart",
  personal: STEP_PATHS.registrationLogin,
  shipping: STEP_PATHS.shipping,
  payment: STEP_PATHS.payment,
  review: STEP_PATHS.review,
};

export function CheckoutSteps({ current }: { current: StepName }) {
  const { t } = useTranslation("checkout");
  const { href } = useLocale();
  const at = STEPS.indexOf(current);
  // The numbers and the separators are drawn by CSS (.checkout-steps): a text browser numbers
  // the <ol> itself, so a number in the text would be printed twice.
  return (
    <nav aria-label={t("steps.label")} className="mb-8">
      <ol className="checkout-steps flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {STEPS.map((step, index) => {
          const label = t(`steps.${step}`);
          // A space between the items: textContent reads "Carrello (completato) Dati personali…".
          return (
            <Fragment key={step}>
              {index > 0 ? " " : null}
              <li>
                {index < at ? (
                  <Link to={href(STEP_HREF[step])} className="link text-stone">
                    {label}
                    <span className="sr-only"> ({t("steps.done")})</span>
                  </Link>
                ) : (
                  <span aria-current={index === at ? "step" : undefined} className={index === at ? "font-medium text-ink" : "text-stone"}>
                    {label}
                  </span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}

export interface SummaryLine {
  key: string | number;
  name: string;
  color: string;
  size: string;
  quantity: number;
  totalCents: number;
  image?: { src: string; srcSet: string; width: number; height: number; alt: string };
}

export interface SummaryTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  vatCents: number;
}

/**
 * The lines and totals of a bag under checkout, or of a placed order. `collapsible` (the steps):
 * a disclosure, closed on phones with the total in its summary line so the form comes first;
 * open beside the form from the desktop breakpoint (app.css: .order-summary).
 */
export function OrderSummary({ lines, totals, couponCode, collapsible = false }: { lines: SummaryLine[]; totals: SummaryTotals; couponCode?: string | null; collapsible?: boolean }) {
  const { t } = useTranslation("checkout");
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const body = (
    <>
      <ul className="mb-5 divide-y divide-line">
        {lines.map((line) => (
          <li key={line.key} className="flex gap-4 py-3">
            {" "}
            {line.image ? (
              <img src={line.image.src} srcSet={line.image.srcSet} sizes="64px" width={64} height={Math.round((64 * line.image.height) / line.image.width)} alt="" loading="lazy" className="h-auto w-16 shrink-0 bg-sand" />
            ) : null}
            {/* Spaces between the blocks: a text browser and textContent read "Quantità: 1 349,00 €", not "1349,00 €". */}
            <div className="flex-1 text-sm">
              <p className="font-medium">{line.name}</p>{" "}
              <p className="text-stone">{t("summary.line", { color: line.color, size: line.size })}</p>{" "}
              <p className="text-stone">{t("summary.quantity", { count: line.quantity })}</p>
            </div>{" "}
            <p className="amount">
              <span className="sr-only">{t("summary.lineTotal")}: </span>
              {money(line.totalCents)}
            </p>{" "}
          </li>
        ))}
      </ul>{" "}
      <SummaryTotalsList totals={totals} couponCode={couponCode} />
    </>
  );
  if (!collapsible) {
    return (
      <section aria-labelledby="summary-title" className="self-start bg-paper p-6 shadow-sm" data-testid="order-summary">
        <h2 id="summary-title" className="mb-4 text-2xl">
          {t("summary.title")}
        </h2>{" "}
        {body}
      </section>
    );
  }
  return (
    <details className="order-summary group/summary self-start border border-line bg-paper desk:border-0 desk:shadow-sm" data-testid="order-summary">
      <summary className="flex min-h-14 items-center justify-between gap-4 px-5 py-3">
        <span className="flex items-center gap-2 text-sm font-medium">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4 transition-transform duration-200 group-open/summary:rotate-180" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="m3.5 6 4.5 4.5L12.5 6" />
          </svg>
          {t("summary.title")} <span className="font-normal text-stone">({t("summary.items", { count })})</span>
        </span>{" "}
        <span className="font-display text-xl tabular-nums" data-testid="order-summary-total">
          <span className="sr-only">{t("summary.total")}: </span>
          {money(totals.totalCents)}
        </span>
      </summary>{" "}
      <div className="border-t border-line px-5 pb-5 pt-2 desk:border-0 desk:p-6">
        {/* The desktop's heading; on phones the summary line above names the section. */}
        <h2 className="order-summary-heading mb-4 text-2xl">{t("summary.title")}</h2>{" "}
        {body}
      </div>
    </details>
  );
}

/** Subtotal, discount, shipping, total and VAT (and what was refunded, for an order with returns). */
export function SummaryTotalsList({ totals, couponCode, refundedCents = 0 }: { totals: SummaryTotals; couponCode?: string | null; refundedCents?: number }) {
  const { t } = useTranslation("checkout");
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    // dt and dd apart by a space too: a text browser and textContent read "Totale 467,00 €".
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm [&>dd]:pl-4">
      <dt>{t("summary.subtotal")}</dt>{" "}
      <dd className="amount text-right">{money(totals.subtotalCents)}</dd>{" "}
      {totals.discountCents > 0 ? (
        <>
          <dt>{t("summary.discount", { code: couponCode ?? "" })}</dt>{" "}
          <dd className="amount text-right">−{money(totals.discountCents)}</dd>{" "}
        </>
      ) : null}
      <dt>{t("summary.shipping")}</dt>{" "}
      <dd className="amount text-right">{totals.shippingCents === 0 ? t("summary.free") : money(totals.shippingCents)}</dd>{" "}
      <dt className="mt-1 border-t border-line pt-3 font-display text-xl">{t("summary.total")}</dt>{" "}
      <dd className="mt-1 border-t border-line pt-3 text-right font-display text-xl tabular-nums" data-testid="order-total">
        {money(totals.totalCents)}
      </dd>{" "}
      <dd className="col-span-2 !pl-0 text-xs text-stone">{t("summary.vat", { amount: money(totals.vatCents) })}</dd>
      {refundedCents > 0 ? (
        <>
          {" "}
          <dt>{t("summary.refunded")}</dt>{" "}
          <dd className="amount text-right" data-testid="order-refunded">
            −{money(refundedCents)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The summary of a bag under checkout (the steps' aside). */
export function BagSummary({ bag }: { bag: { lines: { id: number; name: string; color: { name: string }; size: string; quantity: number; totalCents: number; image: SummaryLine["image"] }[]; totals: SummaryTotals; discount: { code: string } | null } }) {
  const lines = bag.lines.map((line) => ({ key: line.id, name: line.name, color: line.color.name, size: line.size, quantity: line.quantity, totalCents: line.totalCents, image: line.image }));
  return <OrderSummary lines={lines} totals={bag.totals} couponCode={bag.discount?.code} collapsible />;
}

/** The summary of a placed order (its confirmation and its payment's error page). */
export function PlacedOrderSummary({
  order,
}: {
  order: SummaryTotals & { couponCode: string | null; lines: { sku: string; name: string; color: string; size: string; quantity: number; totalCents: number; image?: SummaryLine["image"] | null }[] };
}) {
  const lines = order.lines.map((line) => ({ key: line.sku, name: line.name, color: line.color, size: line.size, quantity: line.quantity, totalCents: line.totalCents, image: line.image ?? undefined }));
  return <OrderSummary lines={lines} totals={order} couponCode={order.couponCode} />;
}

/**
 * A checkout step's page: the steps, the heading, the form, and the summary. On phones the
 * summary (collapsed) comes between the heading and the form; from the desktop breakpoint it
 * stands beside them, sticky. The document's order is the phone's.
 */
export function CheckoutFrame({ step, title, intro, children, aside }: { step: StepName; title: string; intro?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="container-page py-8 desk:py-12">
      <CheckoutSteps current={step} />{" "}
      <div className="grid gap-y-6 desk:grid-cols-[minmax(0,1fr)_24rem] desk:gap-x-12">
        <div className="desk:col-start-1">
          <h1 id="page-title" className="text-4xl">
            {title}
          </h1>{" "}
          {intro ? <p className="mt-3 text-stone">{intro}</p> : null}
        </div>{" "}
        {aside ? <div className="desk:sticky desk:top-8 desk:col-start-2 desk:row-span-2 desk:row-start-1 desk:self-start">{aside}</div> : null}{" "}
        <div className="desk:col-start-1 desk:pt-2">{children}</div>
      </div>
    </div>
  );
}
