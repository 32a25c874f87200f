import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/pay-sandbox";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { findSandboxPayment, paymentProvider, sandboxSecret } from "~/modules/payment/payment.service.server";
import { handlePaymentEvent } from "~/modules/order/order-payment.service.server";
import { isSandboxRef, signSandboxEvent } from "~/modules/payment/sandbox.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { parseForm, readFormData, requireValidForm } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { z } from "~/utils/zod";
import { cacheControl } from "~/utils/cache-policy";
import { notFound } from "~/utils/id-param";

// The sandbox provider's hosted page (/pay/sandbox/{ref}, /en/pay/sandbox/{ref} for an English
// order): what a real provider's checkout page is, in the shop's own pages. Pay or fail; the page
// then signs its event with the sandbox secret and hands it to the same verification and
// handling as the webhook, and sends the shopper back to the order's success or error page. Only
// there when the sandbox is the payment provider.

/** The page's two buttons: pay, or fail. */
const SandboxOutcomeSchema = z.object({ outcome: z.enum(["pay", "fail"]) });

async function loadPayment(context: Route.LoaderArgs["context"], ref: string | undefined) {
  const { db, env } = getRequestContext(context);
  const payment = env.PAYMENT_PROVIDER === "sandbox" && ref && isSandboxRef(ref) ? await findSandboxPayment(db, ref) : undefined;
  if (!payment) throw notFound();
  return payment;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const payment = await loadPayment(context, params.ref);
  const { db, env, locale, tns, href } = getRequestContext(context);
  const t = tns("checkout");
  const settings = await getShopSettings(db);
  // A payment no longer open: paid, or closed (failed, replaced by a retry, or refunded because
  // it took the wrong amount), whose order's error page offers paying again while it can.
  const state = payment.status === "pending" ? "open" : payment.status === "paid" ? "paid" : "closed";
  return data(
    {
      payment: { number: payment.number, amount: formatMoney(payment.amountCents, locale), method: payment.method, state },
      instalments: settings.paypalInstalments,
      backTo: href(`/checkout/${state === "paid" ? "success" : "error"}/${payment.orderId}`),
      title: t("sandbox.title"),
      path: href(`/pay/sandbox/${params.ref}`),
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true },
      texts: pickTexts(locale, ["checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const payment = await loadPayment(context, params.ref);
  const { db, env, href } = getRequestContext(context);
  const { outcome } = requireValidForm(parseForm(await readFormData(request), SandboxOutcomeSchema), "Choose pay or fail.");
  const provider = paymentProvider(env);
  const signed = signSandboxEvent(sandboxSecret(env), { ref: params.ref, outcome: outcome === "pay" ? "succeeded" : "failed", amountCents: payment.amountCents });
  // The same path as a webhook from outside: the signature is checked, the event handled once.
  const event = await provider.verifyWebhook(signed.body, signed.headers);
  if (event) await handlePaymentEvent(db, provider, event);
  throw redirect(href(`/checkout/${outcome === "pay" ? "success" : "error"}/${payment.orderId}`), 303);
}

export const headers = privatePageHeaders;

export default function PaySandbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { payment } = loaderData;
  const pending = useNavigation().state === "submitting";
  return (
    <div className="container-page max-w-lg py-10 desk:py-16">
      <section aria-labelledby="page-title" className="bg-paper p-6 shadow-sm desk:p-10">
        <p className="eyebrow mb-2">Bottega Pay · sandbox</p>
        <h1 id="page-title" className="mb-3 text-3xl">
          {t("sandbox.title")}
        </h1>
        <p className="mb-6 text-sm text-stone">{t("sandbox.intro")}</p>
        <dl className="mb-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-stone">{t("sandbox.merchant")}</dt>
          <dd>Bottega S.r.l.</dd>
          <dt className="text-stone">{t("sandbox.order")}</dt>
          <dd>{payment.number}</dd>
          <dt className="text-stone">{t("sandbox.method")}</dt>
          <dd>{payment.method === "paypalInstalments" ? t("payment.paypalInstalments", { count: loaderData.instalments }) : t(`payment.${payment.method}` as "payment.card")}</dd>
          <dt className="text-stone">{t("sandbox.amount")}</dt>
          <dd className="text-lg font-medium" data-testid="sandbox-amount">
            {payment.amount}
          </dd>
        </dl>
        {payment.state === "open" ? (
          <Form method="post" className="grid gap-3">
            <button type="submit" name="outcome" value="pay" className="btn btn-primary" disabled={pending}>
              {t("sandbox.pay", { amount: payment.amount })}
            </button>
            <button type="submit" name="outcome" value="fail" className="btn btn-secondary" disabled={pending}>
              {t("sandbox.fail")}
            </button>
          </Form>
        ) : (
          <div className="space-y-4">
            <p role="status">{payment.state === "paid" ? t("sandbox.handled") : t("sandbox.closed")}</p>
            <Link to={loaderData.backTo} className="btn btn-secondary">
              {payment.state === "paid" ? t("sandbox.back") : t("sandbox.retry")}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.title} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
