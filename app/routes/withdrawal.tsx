import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/withdrawal";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { FieldError, SubmitButton, controlProps, EmailField, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { WITHDRAWAL_INTENTS, WithdrawalFormSchema, WithdrawalLookupSchema } from "~/modules/order/after-order.schema";
import { previewWithdrawal, withdraw } from "~/modules/order/returns.service.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatLongDate, formatRomeDateTime } from "~/utils/dates";
import { formError, invalidForm, parseForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { withDateArticlesT } from "~/utils/date-article";

// /pages/recesso (/en/pages/withdrawal): the withdrawal function of Directive (EU) 2023/2673, for
// anyone, account or not. Three steps, each a plain form: the order number and email; then what
// the withdrawal will do, with a statement to tick and the confirm button; then the
// acknowledgement (also e-mailed) with the date and time it arrived. A wrong pair gets one answer
// whichever half is wrong, and every post counts against a per-client limit.

/** Posts per client per 10 minutes: enough for typos, too few to try order numbers. */
const WITHDRAWAL_RATE = { limit: 10, windowMs: 10 * 60_000 };

export async function loader({ context }: Route.LoaderArgs) {
  const { env, locale, tns, href } = getRequestContext(context);
  const t = tns("orders");
  return {
    title: t("meta.withdrawal"),
    description: t("meta.withdrawalDescription"),
    path: href(locale === "en" ? "/pages/withdrawal" : "/pages/recesso"),
    origin: env.PUBLIC_URL,
    page: { alternates: { it: "/pages/recesso", en: "/en/pages/withdrawal" } },
    texts: pickTexts(locale, ["orders"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, clientIp, locale, session } = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseIntentForm(formData, WithdrawalFormSchema, WITHDRAWAL_INTENTS);
  let receipt: Awaited<ReturnType<typeof withdraw>>;
  try {
    await enforceRateLimit(db, "withdrawal", clientIp, WITHDRAWAL_RATE);
    if (submission.status !== "success") {
      // The confirmation step without its tick: the same step again, with the error.
      const pair = submission.payload.intent === "confirm" ? parseForm(formData, WithdrawalLookupSchema) : null;
      if (pair?.status === "success") return data({ ...(await confirmStep(context, pair.value)), result: submission.reply() }, { status: 400 });
      return invalidForm(submission);
    }
    const { number, email } = submission.value;
    // The lookup changes nothing: its answer is the confirmation step itself (a refresh only
    // looks the order up again). The confirmation, which does change it, redirects below.
    if (submission.value.intent === "lookup") return { ...(await confirmStep(context, { number, email })), result: submission.reply() };
    receipt = await withdraw(db, paymentProvider(env), { number, email });
  } catch (error) {
    return formError(submission, error);
  }
  // Post-redirect-get: the receipt comes as notices (the e-mail is the durable one), and a
  // refresh posts nothing again.
  const values = { number: submission.value.number.replace(/[\s-]+/g, "").toUpperCase(), when: formatRomeDateTime(receipt.receivedAt, locale) };
  await session.addFlash({ kind: "success", key: "orders:withdrawal.done", values });
  await session.addFlash({ kind: "success", key: receipt.outcome === "cancelled" ? "orders:withdrawal.doneCancelled" : "orders:withdrawal.doneReturn" });
  throw redirect(new URL(request.url).pathname, 303);
}

async function confirmStep(context: Route.ActionArgs["context"], pair: { number: string; email: string }) {
  const { db } = getRequestContext(context);
  const preview = await previewWithdrawal(db, pair);
  const settings = await getShopSettings(db);
  return { step: "confirm" as const, preview, pair, returnFeeCents: settings.returnFeeCents };
}

export const headers = privatePageHeaders;

export default function WithdrawalPage({ actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("orders").t);
  const step = actionData && "step" in actionData ? actionData.step : "lookup";
  return (
    <div className="container-page max-w-3xl py-10 desk:py-16">
      <h1 id="page-title" className="mb-4 text-4xl">
        {t("withdrawal.title")}
      </h1>
      {step === "confirm" && actionData && "preview" in actionData ? (
        <ConfirmStep actionData={actionData} />
      ) : (
        <LookupStep actionData={actionData} />
      )}
    </div>
  );
}

function LookupStep({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const t = withDateArticlesT(useTranslation("orders").t);
  const formRef = useFormRef();
  const kit = useFormKit("withdrawal", actionData?.result, ["number", "email"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <p className="mb-8 text-stone">{t("withdrawal.intro")}</p>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-md space-y-5" aria-labelledby="page-title" data-testid="withdrawal-lookup">
        <input type="hidden" name="intent" value="lookup" />
        <FormErrors kit={kit} />
        <TextField kit={kit} name="number" label={t("withdrawal.number")} hint={t("withdrawal.numberHint")} required maxLength={30} autoComplete="off" spellCheck={false} />
        <EmailField kit={kit} label={t("withdrawal.email")} />
        <SubmitButton pending={pending} pendingLabel={t("withdrawal.continuing")} className="btn btn-primary">
          {t("withdrawal.continue")}
        </SubmitButton>
      </Form>
    </>
  );
}

type ConfirmData = Extract<NonNullable<Route.ComponentProps["actionData"]>, { step: "confirm" }>;

function ConfirmStep({ actionData }: { actionData: ConfirmData }) {
  const t = withDateArticlesT(useTranslation("orders").t);
  const { locale, href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("withdrawal-confirm", actionData.result, ["confirm"], formRef);
  const pending = useNavigation().state === "submitting";
  const { preview, pair } = actionData;
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  return (
    <section aria-labelledby="confirm-title" className="space-y-6" data-testid="withdrawal-confirm">
      <h2 id="confirm-title" ref={heading} tabIndex={-1} className="font-display text-2xl outline-none">
        {t("withdrawal.confirmTitle", { number: preview.number })}
      </h2>
      <p className="text-sm text-stone">{t("withdrawal.placed", { date: formatLongDate(preview.placedAt, locale) })}</p>
      <ul className="divide-y divide-line border-y border-line text-sm">
        {preview.lines.map((line, i) => (
          <li key={i} className="py-3">
            {line.quantity} × {line.name} ({line.color}, {line.size})
          </li>
        ))}
      </ul>
      <p>{preview.outcome === "cancelled" ? t("withdrawal.confirmCancel") : t("withdrawal.confirmReturn", { fee: formatMoney(actionData.returnFeeCents, locale) })}</p>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="confirm-title">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="number" value={pair.number} />
        <input type="hidden" name="email" value={pair.email} />
        <FormErrors kit={kit} />
        <div>
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" {...controlProps(kit, "confirm")} className="mt-0.5 size-5 shrink-0 accent-ink" />
            <span>{t("withdrawal.confirm", { number: preview.number })}</span>
          </label>
          <FieldError id="withdrawal-confirm-confirm-error" errors={kit.errors("confirm")} />
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={pending} pendingLabel={t("withdrawal.confirming")} className="btn btn-primary">
            {t("withdrawal.confirmSubmit")}
          </SubmitButton>
          <Link to={href(locale === "en" ? "/pages/withdrawal" : "/pages/recesso")} className="link text-sm">
            {t("withdrawal.change")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * With JavaScript a step replaces the form that had the focus: the focus moves to the new step,
 * so a screen reader reads it (without JavaScript the browser loads it as a new page).
 */
function useFocusOnArrival<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.title} | Bottega`, description: loaderData.description, path: loaderData.path, origin: loaderData.origin }) : [];

export const ErrorBoundary = RouteErrorBoundary;
