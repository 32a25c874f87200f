import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-review";
import { AddressBlock, BagSummary, CheckoutFrame } from "~/components/checkout/checkout-frame";
import { ClosureNotice } from "~/components/checkout/closure-notice";
import { PaymentMark } from "~/components/checkout/payment-marks";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, CheckboxField, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { removeDiscountCode } from "~/modules/bag/bag.service.server";
import { checkoutPaths, checkouterOf, orderContact, redirectToOpenStep, requireCheckoutStep } from "./checkout-guard.server";
import { PlaceOrderSchema } from "~/modules/checkout/checkout.schema";
import { getCheckout } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/order/order.service.server";
import { findPickupStore } from "~/modules/store/store-pickup.service.server";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { startPayment } from "~/modules/order/order-payment.service.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { cacheControl } from "~/utils/cache-policy";

// Checkout step Review (/checkout/review): everything chosen, the lines and totals, the terms,
// the warning not to close the page until the payment is confirmed (spec §4), and the order
// button that says it is an obligation to pay. The form carries the total it showed (an order
// is placed only at that total) and the checkout's one-time key (a double submit is one order).

export async function loader({ context, request }: Route.LoaderArgs) {
  const { bag, checkout: saved, who, settings, paths, closure } = await requireCheckoutStep(context, request, "review");
  // The review is reachable only once the steps before it saved their choices.
  const checkout = saved!;
  const { db, env, locale, tns } = getRequestContext(context);
  const t = tns("checkout");
  const pickupStore = checkout.pickup ? await findPickupStore(db, checkout.pickup.storeId) : null;
  return data(
    {
      bag,
      contact: await orderContact(context, checkout, who),
      // A guest corrects the contact details (a mistyped e-mail) at Personal Info.
      contactEditable: who.kind === "guest",
      shipping: checkout.shipping!,
      pickup: pickupStore && checkout.pickup ? { ...pickupStore, byTransfer: checkout.pickup.byTransfer } : null,
      billing: checkout.billing,
      invoice: checkout.invoice,
      paymentMethod: checkout.paymentMethod!,
      orderKey: checkout.orderKey,
      courier: settings.courier,
      days: settings.deliveryDays,
      instalments: settings.paypalInstalments,
      closure,
      title: t("review.title"),
      metaTitle: t("meta.review"),
      path: paths.review,
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true, prevStep: paths.payment, prevStepLabel: t("back.payment") },
      texts: pickTexts(locale, ["checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = getRequestContext(context);
  const { db, env, session, href, locale, publicUrl } = ctx;
  const paths = checkoutPaths(href);
  const submission = parseForm(await readFormData(request), PlaceOrderSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const bagId = ctx.bagId;
  const who = checkouterOf(context);
  const checkout = await getCheckout(db, bagId);
  // No checkout yet (no step was ever saved for this bag): where the steps' guards send the shopper.
  if (bagId === null || !checkout) throw await redirectToOpenStep(context, request);
  if (who.kind === "anonymous") throw redirect(paths.registrationLogin, 303);
  const contact = await orderContact(context, checkout, who);
  if (!contact) throw redirect(paths.registrationLogin, 303);

  let placed;
  try {
    placed = await placeOrder(db, { bagId, sessionId: session.id, who, contact, locale, orderKey: submission.value.orderKey, shownTotalCents: submission.value.shownTotalCents });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // A size sold out or the bag emptied meanwhile: the bag shows what changed.
    if (error.code === "OUT_OF_STOCK" || error.code === "EMPTY_BAG") {
      await session.addFlash({ kind: "error", key: error.messageKey });
      throw redirect(paths.cart, 303);
    }
    if (error.code === "CHECKOUT_INCOMPLETE") throw await redirectToOpenStep(context, request);
    // The store no longer has every piece (another order took the last): choose again, told why.
    if (error.code === "PICKUP_STORE_SOLD_OUT" || error.code === "PICKUP_STORE_UNKNOWN") {
      await session.addFlash({ kind: "error", key: error.messageKey });
      throw redirect(paths.shipping, 303);
    }
    // A code used up by other orders meanwhile leaves the bag: the review shows the new total.
    if (error.code === "INVALID_COUPON") await removeDiscountCode(db, bagId);
    return formError(submission, error);
  }
  const success = href(`/checkout/success/${placed.orderId}`);
  // A press again (a second click, or a retry after a lost answer) finds the order placed: its
  // payment, still open, is started or its page given again (startPayment is idempotent); paid or
  // being started by the other press, the order's page says where it stands.
  if (placed.paymentMethod === "bankTransfer") throw redirect(success, 303);
  let hostedPage: string | null = null;
  try {
    hostedPage = await startPayment(db, paymentProvider(env), placed.orderId, {
      successUrl: publicUrl.absolute(success),
      cancelUrl: publicUrl.absolute(href(`/checkout/error/${placed.orderId}`)),
    });
  } catch (error) {
    if (isDomainError(error)) throw redirect(href(`/checkout/error/${placed.orderId}`), 303);
    throw error;
  }
  throw redirect(hostedPage ?? success, 303);
}

export const headers = privatePageHeaders;

// After 'Cart total and amount to pay do not match' or a code used up meanwhile, the review must
// show the new total and carry it in its form, with JavaScript too (React Router skips reloading
// after an action's 4xx by default).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function CheckoutReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { href, locale } = useLocale();
  const { bag, contact, shipping, pickup, billing, invoice, paymentMethod } = loaderData;
  const formRef = useFormRef();
  const kit = useFormKit("review", actionData?.result, ["acceptTerms"], formRef);
  const pending = useNavigation().state === "submitting";
  // Spaces between the heading, its link and the body: a text browser and textContent read
  // "Pagamento Modifica Bonifico bancario", not "PagamentoModificaBonifico bancario".
  const section = (title: string, to: string | null, body: React.ReactNode) => (
    <div className="border-t border-line py-5">
      <div className="mb-2 flex items-baseline justify-between gap-4">
        <h2 className="text-xl">{title}</h2>{" "}
        {to ? (
          <Link to={href(to)} className="link text-sm" aria-label={t("review.editLabel", { section: title })}>
            {t("review.edit")}
          </Link>
        ) : null}
      </div>{" "}
      <div className="text-sm">{body}</div>{" "}
    </div>
  );
  const methodLabel = paymentMethod === "paypalInstalments" ? t("payment.paypalInstalments", { count: loaderData.instalments }) : t(`payment.${paymentMethod}`);
  return (
    <CheckoutFrame
      step="review"
      title={t("review.title")}
      intro={t("review.intro")}
      aside={<BagSummary bag={bag} />}
    >
      {contact ? section(t("review.contact"), loaderData.contactEditable ? "/checkout/registrationLogin" : null, <p>{`${contact.firstName} ${contact.lastName} · ${contact.email}`}</p>) : null}
      {pickup ? section(t("pickup.title"), "/checkout", <PickupStoreAddress store={pickup} />) : section(t("review.shipTo"), "/checkout", <AddressBlock address={shipping} />)}
      {section(t("review.billTo"), "/checkout", billing || pickup ? <AddressBlock address={billing ?? shipping} /> : <p>{t("review.sameAddress")}</p>)}
      {section(
        t("review.method"),
        "/checkout",
        <>
          <p>{pickup ? t("shipping.pickup") : t("shipping.ups", { courier: loaderData.courier, min: loaderData.days.min, max: loaderData.days.max })}</p>
          <ClosureNotice closure={loaderData.closure} className="mt-3" />
        </>,
      )}
      {section(
        t("review.invoice"),
        "/checkout",
        <p>{invoice === null ? t("review.noInvoice") : invoice.type === "person" ? t("review.invoicePerson", { code: invoice.fiscalCode }) : t("review.invoiceCompany", { name: invoice.companyName, vat: invoice.vatNumber })}</p>,
      )}
      {section(
        t("review.payment"),
        "/checkout/payment",
        <p className="flex items-center gap-3">
          <PaymentMark method={paymentMethod} />
          {methodLabel}
        </p>,
      )}

      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6 border-t border-line pt-6" aria-labelledby="page-title">
        <input type="hidden" name="orderKey" value={loaderData.orderKey} />
        <input type="hidden" name="shownTotalCents" value={bag.totals.totalCents} />
        <FormErrors kit={kit} />
        <CheckboxField
          kit={kit}
          name="acceptTerms"
          required
          label={
            <>
              {t("review.termsBefore")}
              <Link to={href("/pages/Terms-Conditions")} className="underline">
                {t("review.termsLink")}
              </Link>
              {t("review.termsAfter")}
            </>
          }
        />
        <p className="flex items-baseline justify-between text-lg font-medium">
          <span>{t("summary.total")}</span>{" "}
          <span className="font-display text-xl tabular-nums" data-testid="review-total">
            {formatMoney(bag.totals.totalCents, locale)}
          </span>
        </p>{" "}
        <p className="border-l-4 border-ink bg-ivory px-4 py-3 text-sm font-medium" data-testid="payment-warning">
          {t("review.warning")}
        </p>
        <SubmitButton pending={pending} pendingLabel={t("review.submitting")} className="btn btn-primary w-full">
          {t("review.submit")}
        </SubmitButton>
      </Form>
    </CheckoutFrame>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.metaTitle} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
