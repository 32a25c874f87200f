import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { STEP_PATHS } from "~/modules/checkout/checkout-steps";
import { formatMoney } from "~/utils/money";

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
          return (
            <li key={step}>
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

/** The lines and totals of a bag under checkout, or of a placed order. */
export function OrderSummary({ lines, totals, couponCode, headingLevel = 2 }: { lines: SummaryLine[]; totals: SummaryTotals; couponCode?: string | null; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("checkout");
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const Heading = `h${headingLevel}` as "h2";
  return (
    <section aria-labelledby="summary-title" className="self-start bg-paper p-6 shadow-sm" data-testid="order-summary">
      <Heading id="summary-title" className="mb-4 text-2xl">
        {t("summary.title")}
      </Heading>
      <ul className="mb-5 divide-y divide-line">
        {lines.map((line) => (
          <li key={line.key} className="flex gap-4 py-3">
            {line.image ? (
              <img src={line.image.src} srcSet={line.image.srcSet} sizes="64px" width={64} height={Math.round((64 * line.image.height) / line.image.width)} alt="" loading="lazy" className="h-auto w-16 shrink-0 bg-ivory" />
            ) : null}
            <div className="flex-1 text-sm">
              <p className="font-medium">{line.name}</p>
              <p className="text-stone">{t("summary.line", { color: line.color, size: line.size })}</p>
              <p className="text-stone">{t("summary.quantity", { count: line.quantity })}</p>
            </div>
            <p className="text-sm tabular-nums">{money(line.totalCents)}</p>
          </li>
        ))}
      </ul>
      <SummaryTotalsList totals={totals} couponCode={couponCode} />
    </section>
  );
}

/** Subtotal, discount, shipping, total and VAT (and what was refunded, for an order with returns). */
export function SummaryTotalsList({ totals, couponCode, refundedCents = 0 }: { totals: SummaryTotals; couponCode?: string | null; refundedCents?: number }) {
  const { t } = useTranslation("checkout");
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
      <dt>{t("summary.subtotal")}</dt>
      <dd className="text-right tabular-nums">{money(totals.subtotalCents)}</dd>
      {totals.discountCents > 0 ? (
        <>
          <dt>{t("summary.discount", { code: couponCode ?? "" })}</dt>
          <dd className="text-right tabular-nums">−{money(totals.discountCents)}</dd>
        </>
      ) : null}
      <dt>{t("summary.shipping")}</dt>
      <dd className="text-right tabular-nums">{totals.shippingCents === 0 ? t("summary.free") : money(totals.shippingCents)}</dd>
      <dt className="border-t border-line pt-3 text-base font-medium">{t("summary.total")}</dt>
      <dd className="border-t border-line pt-3 text-right text-base font-medium tabular-nums" data-testid="order-total">
        {money(totals.totalCents)}
      </dd>
      <dd className="col-span-2 text-xs text-stone">{t("summary.vat", { amount: money(totals.vatCents) })}</dd>
      {refundedCents > 0 ? (
        <>
          <dt>{t("summary.refunded")}</dt>
          <dd className="text-right tabular-nums" data-testid="order-refunded">
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
  return <OrderSummary lines={lines} totals={bag.totals} couponCode={bag.discount?.code} />;
}

/** The summary of a placed order (its confirmation and its payment's error page). */
export function PlacedOrderSummary({ order }: { order: SummaryTotals & { couponCode: string | null; lines: { sku: string; name: string; color: string; size: string; quantity: number; totalCents: number }[] } }) {
  const lines = order.lines.map((line) => ({ key: line.sku, name: line.name, color: line.color, size: line.size, quantity: line.quantity, totalCents: line.totalCents }));
  return <OrderSummary lines={lines} totals={order} couponCode={order.couponCode} />;
}

/** A checkout step's page: the steps, the heading, the form, and the summary aside. */
export function CheckoutFrame({ step, title, intro, children, aside }: { step: StepName; title: string; intro?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="container-page py-8 desk:py-12">
      <CheckoutSteps current={step} />
      <div className="grid gap-8 desk:grid-cols-[minmax(0,1fr)_24rem] desk:gap-12">
        <div>
          <h1 id="page-title" className="mb-3 text-4xl">
            {title}
          </h1>
          {intro ? <p className="mb-8 text-stone">{intro}</p> : <div className="mb-6" />}
          {children}
        </div>
        {aside}
      </div>
    </div>
  );
}

/**
 * An address as the checkout shows it. `inLabel`: inside a choice's <label>, which holds only
 * phrasing content, the lines go in a span instead of an <address>.
 */
export function AddressBlock({ address, inLabel = false }: { address: { firstName: string; lastName: string; street: string; streetNumber: string; additionalInfo?: string | null; zip: string; city: string; province: string; phonePrefix: string; phone: string }; inLabel?: boolean }) {
  const { locale } = useLocale();
  const Block = inLabel ? "span" : "address";
  return (
    <Block className="block not-italic">
      {address.firstName} {address.lastName}
      <br />
      {address.street} {address.streetNumber}
      {address.additionalInfo ? (
        <>
          <br />
          {address.additionalInfo}
        </>
      ) : null}
      <br />
      {address.zip} {address.city} ({address.province})
      <br />
      {locale === "en" ? "Italy" : "Italia"}
      <br />
      {address.phonePrefix} {address.phone}
    </Block>
  );
}
