import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-payment";
import { BagSummary, CheckoutFrame } from "~/components/checkout/checkout-frame";
import { PaymentMethodChoices } from "~/components/checkout/payment-methods";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { requireCheckoutStep } from "./checkout-guard.server";
import { PaymentStepSchema } from "~/modules/checkout/checkout.schema";
import { savePaymentMethod } from "~/modules/checkout/checkout.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { cacheControl } from "~/utils/cache-policy";

// Checkout step Payment (/checkout/payment): the methods the shop has enabled (settings). Card,
// Apple Pay, Google Pay and PayPal go through the payment provider's hosted page after the
// review; bank transfer needs none.

export async function loader({ context, request }: Route.LoaderArgs) {
  const { bag, checkout, settings, paths } = await requireCheckoutStep(context, request, "payment");
  const { env, locale, tns } = getRequestContext(context);
  const t = tns("checkout");
  return data(
    {
      bag,
      methods: settings.paymentMethods,
      chosen: checkout?.paymentMethod ?? null,
      instalments: settings.paypalInstalments,
      transferDays: settings.bankTransfer.holdDays,
      title: t("payment.title"),
      metaTitle: t("meta.payment"),
      path: paths.payment,
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true, prevStep: paths.shipping, prevStepLabel: t("back.shipping") },
      texts: pickTexts(locale, ["checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { bag, settings, paths } = await requireCheckoutStep(context, request, "payment");
  const { db } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), PaymentStepSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await savePaymentMethod(db, bag.id, submission.value.paymentMethod, settings);
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(paths.review, 303);
}

export const headers = privatePageHeaders;

export default function CheckoutPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { bag, methods } = loaderData;
  const formRef = useFormRef();
  const kit = useFormKit("payment", actionData?.result, ["paymentMethod"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <CheckoutFrame
      step="payment"
      title={t("payment.title")}
      aside={<BagSummary bag={bag} />}
    >
      {methods.length === 0 ? (
        <p role="alert" className="text-sale">
          {t("payment.none")}
        </p>
      ) : (
        <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-8" aria-labelledby="page-title">
          <FormErrors kit={kit} />
          <PaymentMethodChoices kit={kit} methods={methods} chosen={kit.value("paymentMethod") || loaderData.chosen} instalments={loaderData.instalments} transferDays={loaderData.transferDays} />
          <SubmitButton pending={pending} pendingLabel={t("payment.submitting")} className="btn btn-primary w-full sm:w-auto">
            {t("payment.submit")}
          </SubmitButton>
        </Form>
      )}
    </CheckoutFrame>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.metaTitle} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
