import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-error";
import { PlacedOrderSummary } from "~/components/checkout/checkout-frame";
import { PaymentMethodChoices } from "~/components/checkout/payment-methods";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { RetryPaymentSchema } from "~/modules/checkout/checkout.schema";
import { getOrderFor } from "~/modules/order/order.service.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { retryPayment, startPayment } from "~/modules/order/order-payment.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, pageError, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { idParam } from "~/utils/id-param";
import { cacheControl } from "~/utils/cache-policy";

// /checkout/error/{orderId}: the payment did not go through (spec §8: 'We are sorry but your
// payment did not go through'). While the order still holds its stock the shopper may pay again,
// by the same method or another; a paid order goes to its confirmation.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env, locale, tns, href, orderViewer } = getRequestContext(context);
  const t = tns("checkout");
  let order;
  try {
    order = await getOrderFor(db, idParam(params.orderId), orderViewer, locale);
  } catch (error) {
    pageError(error);
  }
  if (order.paymentStatus === "paid" || order.paymentStatus === "awaiting_transfer") throw redirect(href(`/checkout/success/${order.id}`));
  const settings = await getShopSettings(db);
  const payable = order.status === "pending_payment" && Date.parse(order.holdUntil) > Date.now();
  return data(
    {
      order,
      payable,
      methods: settings.paymentMethods,
      instalments: settings.paypalInstalments,
      transferDays: settings.bankTransfer.holdDays,
      // Minutes away for a card, days for a bank transfer: the date too when it is not today's.
      holdUntil: new Intl.DateTimeFormat(locale === "en" ? "en-GB" : "it-IT", {
        ...(Date.parse(order.holdUntil) - Date.now() > 12 * 3_600_000 ? { dateStyle: "long" as const } : {}),
        timeStyle: "short",
        timeZone: "Europe/Rome",
      }).format(new Date(order.holdUntil)),
      title: t("error.title"),
      metaTitle: t("meta.error"),
      path: href(`/checkout/error/${order.id}`),
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true, prevStep: href("/cart"), prevStepLabel: t("back.cart") },
      texts: pickTexts(locale, ["checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env, href, publicUrl, orderViewer } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), RetryPaymentSchema);
  if (submission.status !== "success") return invalidForm(submission);
  let orderId: number;
  try {
    ({ orderId } = await retryPayment(db, paymentProvider(env), { orderId: idParam(params.orderId), viewer: orderViewer, method: submission.value.paymentMethod }));
  } catch (error) {
    return formError(submission, error);
  }
  const success = href(`/checkout/success/${orderId}`);
  if (submission.value.paymentMethod === "bankTransfer") throw redirect(success, 303);
  try {
    const hostedPage = await startPayment(db, paymentProvider(env), orderId, { successUrl: publicUrl.absolute(success), cancelUrl: publicUrl.absolute(href(`/checkout/error/${orderId}`)) });
    throw redirect(hostedPage ?? success, 303);
  } catch (error) {
    if (isDomainError(error)) return formError(submission, error);
    throw error;
  }
}

export const headers = privatePageHeaders;

// A refused retry (the order no longer payable) must show the order as it now is, with
// JavaScript too (React Router skips reloading after an action's 4xx by default).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function CheckoutError({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { href } = useLocale();
  const { order } = loaderData;
  const formRef = useFormRef();
  const pending = useNavigation().state === "submitting";
  const answered = useFormKit("retry", actionData?.result, ["paymentMethod"], formRef);
  // While a retry is under way, the last failure (the page's and a refused retry's) is not
  // shown as if it were its answer: the page says the retry is running (issue 37).
  const kit = pending ? { ...answered, errors: () => undefined, formErrors: undefined, firstInvalid: undefined } : answered;
  return (
    <div className="container-page grid gap-8 py-10 desk:grid-cols-[minmax(0,1fr)_24rem] desk:gap-12 desk:py-16">
      <section aria-labelledby="page-title" className="space-y-6" data-testid="payment-failed">
        <h1 id="page-title" className="text-4xl">
          {t("error.title")}
        </h1>
        {pending ? (
          <p role="status" className="text-lg" data-testid="retry-pending">
            {t("error.retryPending")}
          </p>
        ) : (
          <p role="alert" className="text-lg" data-testid="payment-error">
            {t("error.text")}
          </p>
        )}
        {loaderData.payable ? (
          <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6" aria-labelledby="retry-title">
            <h2 id="retry-title" className="text-2xl">
              {t("error.retryTitle")}
            </h2>
            <p className="text-sm text-stone">{t("error.retryIntro", { time: loaderData.holdUntil })}</p>
            <FormErrors kit={kit} />
            <PaymentMethodChoices kit={kit} methods={loaderData.methods} chosen={kit.value("paymentMethod") || order.paymentMethod} instalments={loaderData.instalments} transferDays={loaderData.transferDays} />
            <SubmitButton pending={pending} pendingLabel={t("error.retrying")} className="btn btn-primary w-full sm:w-auto">
              {t("error.retry")}
            </SubmitButton>
          </Form>
        ) : (
          <div className="space-y-4">
            <p>{t("error.expired")}</p>
            <Link to={href("/")} className="btn btn-secondary">
              {t("error.backToShop")}
            </Link>
          </div>
        )}
      </section>
      <PlacedOrderSummary order={order} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.metaTitle} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
