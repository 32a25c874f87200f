import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/checkout-success";
import { AddressBlock, PlacedOrderSummary } from "~/components/checkout/checkout-frame";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { getRequestContext } from "~/middleware/request-context.server";
import { getOrderFor, orderLineProducts } from "~/modules/order/order.service.server";
import { paymentProvider, pendingPaymentUrl } from "~/modules/payment/payment.service.server";
import { settleFromProvider } from "~/modules/order/order-payment.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatLongDate } from "~/utils/dates";
import { pageError } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { idParam } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";

// /checkout/success/{orderId}: the confirmation and the order's summary, for the order's owner
// only (anyone else: 404). What it says follows the order: paid; waiting for a bank transfer
// (with the IBAN and reference); a provider payment not yet confirmed (the webhook is the
// truth: the page offers the provider's page again and a refresh); cancelled.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env, locale, tns, href, orderViewer } = getRequestContext(context);
  const t = tns("checkout");
  let order;
  try {
    order = await getOrderFor(db, idParam(params.orderId), orderViewer, locale);
  } catch (error) {
    pageError(error);
  }
  // Back from the provider before its webhook: ask the provider (its answer is as good as the event).
  if (order.status === "pending_payment" && order.paymentStatus === "pending") {
    await settleFromProvider(db, paymentProvider(env), order.id);
    order = await getOrderFor(db, order.id, orderViewer, locale);
  }
  if (order.status === "pending_payment" && order.paymentStatus === "failed") throw redirect(href(`/checkout/error/${order.id}`));
  const [settings, pictures] = await Promise.all([getShopSettings(db), orderLineProducts(db, order.id, locale)]);
  const state = order.status === "cancelled" ? "cancelled" : order.paymentStatus === "paid" ? "paid" : order.paymentStatus === "awaiting_transfer" ? "transfer" : "pending";
  return data(
    {
      order: { ...order, lines: order.lines.map((line) => ({ ...line, image: pictures.has(line.id) ? { ...pictures.get(line.id)!.picture, alt: "" } : null })) },
      state,
      paymentUrl: state === "pending" ? await pendingPaymentUrl(db, order.id) : null,
      transfer: state === "transfer" ? settings.bankTransfer : null,
      title: state === "paid" ? t("success.title") : state === "transfer" ? t("success.transferTitle") : state === "cancelled" ? t("success.cancelledTitle") : t("success.pendingTitle"),
      metaTitle: t("meta.success"),
      path: href(`/checkout/success/${order.id}`),
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true, prevStep: href("/") },
      texts: pickTexts(locale, ["checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export const headers = privatePageHeaders;

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { href, locale } = useLocale();
  const { order, state, transfer } = loaderData;
  const warm = state === "paid" ? "success.warmPaid" : state === "transfer" ? "success.warmTransfer" : state === "pending" ? "success.warmPending" : null;
  const pictures = order.lines.filter((line) => line.image).slice(0, 4);
  return (
    <div className="container-page grid gap-10 py-10 desk:grid-cols-[minmax(0,1fr)_24rem] desk:gap-12 desk:py-16">
      <section aria-labelledby="page-title" className="min-w-0 space-y-6 wrap-anywhere" data-testid="order-confirmation" data-state={state}>
        <div className="space-y-4">
          <h1 id="page-title" className="text-4xl desk:text-5xl">
            {loaderData.title}
          </h1>{" "}
          {warm ? <p className="max-w-xl font-display text-2xl leading-snug text-ink">{t(warm, { name: order.firstName })}</p> : null}
        </div>
        {/* The parcel's pieces at a glance; their names and prices are in the summary. */}
        {pictures.length ? (
          <ul className="flex gap-3" aria-hidden="true">
            {pictures.map((line) => (
              <li key={line.sku}>
                <img src={line.image!.src} srcSet={line.image!.srcSet} sizes="96px" width={line.image!.width} height={line.image!.height} alt="" className="aspect-[4/5] h-auto w-24 bg-sand object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt className="text-stone">{t("success.number")}</dt>{" "}
          <dd className="font-medium" data-testid="order-number">
            {order.number}
          </dd>{" "}
          <dt className="text-stone">{t("success.date")}</dt>{" "}
          <dd>{formatLongDate(order.placedAt, locale)}</dd>
        </dl>{" "}
        {state === "paid" ? <p>{t("success.paid", { email: order.email })}</p> : null}
        {state === "transfer" && transfer ? (
          <div className="space-y-4">
            <p>{t("success.transfer", { count: transfer.holdDays, email: order.email })}</p>{" "}
            <dl className="grid gap-x-6 bg-paper p-5 text-sm shadow-sm sm:grid-cols-[auto_1fr] sm:gap-y-2 [&>dt:not(:first-child)]:mt-3 sm:[&>dt:not(:first-child)]:mt-0" data-testid="bank-transfer">
              <dt className="text-stone">{t("success.beneficiary")}</dt> <dd>{transfer.beneficiary}</dd>{" "}
              <dt className="text-stone">{t("success.iban")}</dt> <dd className="font-mono break-all">{transfer.iban}</dd>{" "}
              <dt className="text-stone">{t("success.bic")}</dt> <dd className="font-mono">{transfer.bic}</dd>{" "}
              <dt className="text-stone">{t("success.reference")}</dt> <dd>{t("success.referenceValue", { number: order.number })}</dd>
            </dl>
          </div>
        ) : null}
        {state === "pending" ? (
          <div className="space-y-4">
            <p role="status">{t("success.pending")}</p>
            <div className="flex flex-wrap gap-4">
              {loaderData.paymentUrl ? (
                <a href={loaderData.paymentUrl} className="btn btn-primary">
                  {t("success.goToPayment")}
                </a>
              ) : null}
              <Link to={href(`/checkout/success/${order.id}`)} reloadDocument className="btn btn-secondary">
                {t("success.refresh")}
              </Link>
              <Link to={href(`/checkout/error/${order.id}`)} className="link self-center text-sm">
                {t("success.otherMethod")}
              </Link>
            </div>
          </div>
        ) : null}
        {state === "cancelled" ? <p>{t("success.cancelled")}</p> : null}
        <div className="space-y-1 border-t border-line pt-6 text-sm">
          <h2 className="text-xl">{order.pickup ? t("pickup.title") : t("review.shipTo")}</h2>
          {order.pickup ? <PickupStoreAddress store={order.pickup} /> : <AddressBlock address={order.shippingAddress} />}
        </div>
        <div className="flex flex-wrap gap-4">
          <Link to={href("/")} className="btn btn-secondary">
            {t("success.continue")}
          </Link>
        </div>
      </section>
      <PlacedOrderSummary order={order} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.metaTitle} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
