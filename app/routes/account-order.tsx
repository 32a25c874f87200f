import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account-order";
import { AddressBlock, SummaryTotalsList } from "~/components/checkout/checkout-frame";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { OrderStatusBadges } from "~/components/order/order-status";
import { FieldError, SubmitButton, controlProps, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { getRequestContext } from "~/middleware/request-context.server";
import { requireAccountHolder } from "./login-redirect.server";
import { ReturnRequestSchema } from "~/modules/order/after-order.schema";
import { getOrderFor, orderLineProducts } from "~/modules/order/order.service.server";
import { RETURN_REASONS, type ReturnReason } from "~/modules/order/return-refund";
import { listReturns, requestReturn, returnableQuantities, returnWindowOf } from "~/modules/order/returns.service.server";
import { productUrl } from "~/modules/catalog/product.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatLongDate } from "~/utils/dates";
import { isShownToShoppers } from "~/modules/catalog/product-status";
import { formError, invalidForm, pageError, parseForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { seoMeta } from "~/utils/seo";
import { idParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";
import { cacheControl } from "~/utils/cache-policy";
import { isPaid } from "~/modules/order/order-state";

// /account/orders/{id}: one order of the account: lines with their pictures, totals, addresses,
// payment, invoice, statuses, returns; "order again" (a form to the bag) and, while the window is
// open, a return request per line (a form here). Another account's order is the same 404 as none.

async function loadOrder(context: Route.LoaderArgs["context"], request: Request, id: string | undefined) {
  await requireAccountHolder(context, request);
  const ctx = getRequestContext(context);
  try {
    return { ctx, order: await getOrderFor(ctx.db, idParam(id), ctx.orderViewer, ctx.locale) };
  } catch (error) {
    pageError(error);
  }
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { ctx, order } = await loadOrder(context, request, params.id);
  const { db, env, locale, tns, href } = ctx;
  const settings = await getShopSettings(db);
  const [returns, left, products] = await Promise.all([listReturns(db, order.id), returnableQuantities(db, order.id), orderLineProducts(db, order.id, locale)]);
  const window = returnWindowOf({ status: order.status, delivered_at: order.deliveredAt }, settings.returnDays, new Date());
  const paid = isPaid(order.paymentStatus);
  const lines = order.lines.map((line) => {
    const product = products.get(line.id);
    return {
      ...line,
      image: product ? product.picture : null,
      url: product && isShownToShoppers(product) ? productUrl(product.slug, locale) : null,
      returnable: left.get(line.id) ?? 0,
    };
  });
  const windowEnded = !window.open && order.deliveredAt !== null;
  return data(
    {
      order: { ...order, lines },
      returns,
      returnWindow: { ...window, ended: windowEnded, canRequest: window.open && paid && lines.some((line) => line.returnable > 0) },
      returnFeeCents: settings.returnFeeCents,
      paypalInstalments: settings.paypalInstalments,
      courier: settings.courier,
      title: tns("orders")("meta.order", { number: order.number }),
      path: href(`/account/orders/${order.id}`),
      origin: env.PUBLIC_URL,
      texts: pickTexts(locale, ["orders", "checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // requestReturn checks the order is the account's (the same 404 otherwise): no view to load here.
  await requireAccountHolder(context, request);
  const { db, session, orderViewer } = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseForm(formData, ReturnRequestSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await requestReturn(db, {
      orderId: idParam(params.id),
      viewer: orderViewer,
      lines: submission.value.lines.filter((line) => line.quantity > 0).map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity, reason: line.reason as ReturnReason })),
    });
  } catch (error) {
    return formError(submission, error);
  }
  // Post-redirect-get: a refresh shows the order again instead of posting the request twice.
  await session.addFlash({ kind: "success", key: "orders:return.done" });
  throw redirect(new URL(request.url).pathname, 303);
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("orders").t);
  const { t: tc } = useTranslation("checkout");
  const { href, locale } = useLocale();
  const { order, returns } = loaderData;
  const money = (cents: number) => formatMoney(cents, locale);
  const lastReturn = returns.at(-1);
  const paymentLabel = order.paymentMethod === "paypalInstalments" ? tc("payment.paypalInstalments", { count: loaderData.paypalInstalments }) : tc(`payment.${order.paymentMethod}`);
  return (
    <article aria-labelledby="order-title" className="space-y-8 bg-paper p-6 shadow-sm desk:p-8" data-testid="order-detail">
      <header className="space-y-3">
        <Link to={href("/account/orders")} className="link text-sm">
          ← {t("detail.back")}
        </Link>
        <h1 id="order-title" className="text-3xl">
          {t("detail.title", { number: order.number })}
        </h1>
        <p className="text-sm text-stone">{t("detail.placed", { date: formatLongDate(order.placedAt, locale) })}</p>
        <OrderStatusBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} returnStatus={lastReturn?.status ?? null} />
        {order.trackingNumber ? <p className="text-sm">{t("detail.tracking", { courier: loaderData.courier, tracking: order.trackingNumber })}</p> : null}
        {order.shippedAt ? <p className="text-sm text-stone">{t("detail.shippedOn", { date: formatLongDate(order.shippedAt, locale) })}</p> : null}
        {order.deliveredAt ? <p className="text-sm text-stone">{t("detail.deliveredOn", { date: formatLongDate(order.deliveredAt, locale) })}</p> : null}
      </header>

      <section aria-labelledby="lines-title">
        <h2 id="lines-title" className="mb-4 font-display text-2xl">
          {t("detail.lines")}
        </h2>
        <ul className="divide-y divide-line border-y border-line">
          {order.lines.map((line) => (
            <li key={line.id} className="flex gap-4 py-4" data-testid="order-line">
              {line.image ? (
                <img src={line.image.src} srcSet={line.image.srcSet} sizes="96px" width={line.image.width} height={line.image.height} alt={line.image.alt} loading="lazy" className="h-32 w-24 shrink-0 bg-ivory object-cover" />
              ) : (
                <div className="h-32 w-24 shrink-0 bg-ivory" />
              )}
              <div className="flex-1 space-y-1 text-sm">
                <p className="font-medium">
                  {line.url ? (
                    <Link to={line.url} className="link">
                      {line.name}
                    </Link>
                  ) : (
                    line.name
                  )}
                </p>
                <p className="text-stone">
                  {t("detail.color", { color: line.color })} · {t("detail.size", { size: line.size })} · {t("detail.quantity", { quantity: line.quantity })}
                </p>
                {!line.url ? <p className="text-stone">{t("detail.notAvailable")}</p> : null}
              </div>
              <p className="amount text-sm">{money(line.totalCents)}</p>
            </li>
          ))}
        </ul>
        <Form method="post" action={href("/cart")} className="mt-4 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="reorder" />
          <input type="hidden" name="orderId" value={order.id} />
          <input type="hidden" name="redirectTo" value={href("/cart")} />
          <button type="submit" className="btn btn-secondary">
            {t("detail.reorder")}
          </button>{" "}
          <span className="text-sm text-stone">{t("detail.reorderHint")}</span>
        </Form>
      </section>

      <div className="grid gap-8 desk:grid-cols-2">
        <section aria-labelledby="totals-title">
          <h2 id="totals-title" className="mb-4 font-display text-2xl">
            {t("list.total")}
          </h2>
          <SummaryTotalsList totals={order} couponCode={order.couponCode} refundedCents={order.refundedCents} />
        </section>
        <section aria-labelledby="details-title" className="space-y-5 text-sm">
          <h2 id="details-title" className="sr-only">
            {t("detail.details")}
          </h2>
          <div>
            {order.pickup ? (
              <>
                <h3 className="eyebrow mb-1">{tc("pickup.title")}</h3>
                <PickupStoreAddress store={order.pickup} />
              </>
            ) : (
              <>
                <h3 className="eyebrow mb-1">{t("detail.shippingAddress")}</h3>
                <AddressBlock address={order.shippingAddress} />
              </>
            )}
          </div>
          <div>
            <h3 className="eyebrow mb-1">{t("detail.billingAddress")}</h3>
            <AddressBlock address={order.billingAddress} />
          </div>
          <div>
            <h3 className="eyebrow mb-1">{t("detail.paymentMethod")}</h3>
            <p>{paymentLabel}</p>
          </div>
          <div>
            <h3 className="eyebrow mb-1">{t("detail.invoice")}</h3>
            <p>
              {order.invoice === null
                ? t("detail.noInvoice")
                : order.invoice.type === "person"
                  ? t("detail.invoicePerson", { code: order.invoice.fiscalCode })
                  : t("detail.invoiceCompany", { name: order.invoice.companyName, vat: order.invoice.vatNumber })}
            </p>
          </div>
        </section>
      </div>

      {returns.length ? (
        <section aria-labelledby="returns-title">
          <h2 id="returns-title" className="mb-4 font-display text-2xl">
            {t("detail.returns")}
          </h2>
          <ul className="space-y-3 text-sm" data-testid="order-returns">
            {returns.map((ret) => (
              <li key={ret.id} className="border border-line p-4">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{t("detail.returnOf", { kind: t(`detail.returnKind.${ret.kind}`), date: formatLongDate(ret.createdAt, locale) })}</span>
                  <span data-testid="return-status">{t(`status.return.${ret.status}`)}</span>
                </p>
                <ul className="mt-2 text-stone">
                  {ret.lines.map((line) => {
                    const ordered = order.lines.find((l) => l.id === line.orderLineId);
                    return (
                      <li key={line.orderLineId}>
                        {line.quantity} × {ordered?.name} ({ordered?.color}, {ordered?.size})
                      </li>
                    );
                  })}
                </ul>
                <p className="mt-2">{t("detail.returnRefund", { amount: money(ret.refundCents), fee: money(ret.feeCents) })}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ReturnSection loaderData={loaderData} actionData={actionData} />
    </article>
  );
}

function ReturnSection({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = withDateArticlesT(useTranslation("orders").t);
  const { locale } = useLocale();
  const formRef = useFormRef();
  const { order, returnWindow, returnFeeCents } = loaderData;
  const returnable = order.lines.filter((line) => line.returnable > 0);
  const fields = returnable.flatMap((_, i) => [`lines[${i}].quantity`, `lines[${i}].reason`]);
  const kit = useFormKit("return", actionData?.result, [...fields, "lines"], formRef);
  const pending = useNavigation().state === "submitting";
  const lastDay = returnWindow.closesAt ? formatLongDate(new Date(Date.parse(returnWindow.closesAt) - 1).toISOString(), locale) : null;
  if (returnWindow.ended && lastDay) return <p className="text-sm text-stone">{t("return.closed", { date: lastDay })}</p>;
  if (!returnWindow.canRequest) return null;
  return (
    <section aria-labelledby="return-title" className="space-y-4">
      <h2 id="return-title" className="font-display text-2xl">
        {t("return.title")}
      </h2>
      <p className="text-sm">{lastDay ? t("return.intro", { date: lastDay }) : t("return.introTransit")}</p>
      <p className="text-sm text-stone">{t("return.fee", { fee: formatMoney(returnFeeCents, locale) })}</p>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="return-title" key={kit.resetKey}>
        <FormErrors kit={kit} />
        {returnable.map((line, i) => (
          <fieldset key={line.id} className="grid gap-3 border border-line p-4 desk:grid-cols-[1fr_10rem_14rem] desk:items-start" data-testid="return-line">
            <legend className="px-1 text-sm font-medium">
              {line.name} ({line.color}, {line.size})
            </legend>
            <input type="hidden" name={`lines[${i}].orderLineId`} value={line.id} />
            <p className="text-sm text-stone">{t("return.left", { count: line.returnable })}</p>
            <div>
              <label htmlFor={`return-lines[${i}].quantity`} className="mb-1.5 block text-sm font-medium">
                {t("return.quantity")}
              </label>
              <select {...controlProps(kit, `lines[${i}].quantity`)} defaultValue={kit.value(`lines[${i}].quantity`) || "0"} className="field-input">
                {Array.from({ length: line.returnable + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <FieldError id={`return-lines[${i}].quantity-error`} errors={kit.errors(`lines[${i}].quantity`)} />
            </div>
            <div>
              <label htmlFor={`return-lines[${i}].reason`} className="mb-1.5 block text-sm font-medium">
                {t("return.reason")}
              </label>
              <select {...controlProps(kit, `lines[${i}].reason`)} defaultValue={kit.value(`lines[${i}].reason`)} className="field-input">
                <option value="">{t("return.reasonPlaceholder")}</option>
                {RETURN_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`return.reasons.${reason}`)}
                  </option>
                ))}
              </select>
              <FieldError id={`return-lines[${i}].reason-error`} errors={kit.errors(`lines[${i}].reason`)} />
            </div>
          </fieldset>
        ))}
        <FieldError id="return-lines-error" errors={kit.errors("lines")} />
        <SubmitButton pending={pending} pendingLabel={t("return.submitting")} className="btn btn-primary">
          {t("return.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.title} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;

export { privatePageHeaders as headers } from "~/utils/private-page-headers";
