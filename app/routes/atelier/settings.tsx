import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { SettingsFieldset as Fieldset } from "~/components/atelier/settings-fieldset";
import { CheckboxField, FormErrors, SubmitButton, TextField, type FormKit, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { getAtelierSettings, saveAtelierSettings, settingsFromForm } from "~/modules/settings/atelier-settings.service.server";
import { legalNotice } from "~/modules/settings/seller";
import { getSellerIdentity } from "~/modules/settings/seller.service.server";
import { SETTINGS_FIELDS, ShopSettingsFormSchema, paymentField } from "~/modules/settings/settings.schema";
import { PAYMENT_METHODS, SOCIAL_NETWORKS } from "~/modules/settings/shop-settings";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// The owner's settings, one form in fieldsets: shipping (fee, free-shipping threshold), returns
// (fee, working days), payments (methods on or off, PayPal's instalments, the bank transfer's
// account), customer care's hours, the shop's social profiles (the footer's links), and Atelier's
// own rules (a staff member's largest refund, the low-stock threshold, how long applications are
// kept). Owners only. Saved with one audit entry (the values that changed, before and after) and
// the shop's revision raised in the same transaction: every app process serves them on its next
// request.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const s = await getAtelierSettings(db);
  const values: Record<string, string> = {
    shippingFee: toEuroInput(s.shippingFeeCents),
    freeShippingFrom: toEuroInput(s.freeShippingFromCents),
    returnFee: toEuroInput(s.returnFeeCents),
    returnDays: String(s.returnDays),
    ...Object.fromEntries(PAYMENT_METHODS.map((method) => [paymentField(method), s.paymentMethods.includes(method) ? "on" : ""])),
    paypalInstalments: String(s.paypalInstalments),
    bankBeneficiary: s.bankTransfer.beneficiary,
    bankIban: s.bankTransfer.iban,
    bankBic: s.bankTransfer.bic,
    bankHoldDays: String(s.bankTransfer.holdDays),
    supportOpen: s.supportHours.open,
    supportClose: s.supportHours.close,
    ...s.socialLinks,
    staffRefundLimit: toEuroInput(s.staffRefundLimitCents),
    lowStockThreshold: String(s.lowStockThreshold),
    applicationRetentionMonths: String(s.applicationRetentionMonths),
  };
  const seller = await getSellerIdentity(db);
  const { name, vatNumber } = legalNotice(seller, locale);
  return { title: tns("atelier")("settings.title"), values, seller: { name, vatNumber }, sellerDemo: seller.demo, texts: pickTexts(locale, ["atelier-shop"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseForm(await readFormData(request), ShopSettingsFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await saveAtelierSettings(db, settingsFromForm(submission.value), staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "settings.saved" });
  throw redirect(atelierHref(context, "/atelier/settings"));
}

export const headers = privatePageHeaders;

export default function AtelierSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const { t: ts } = useTranslation("atelier-shop");
  const formRef = useFormRef();
  const result = actionData?.result;
  const base = useFormKit("settings", result, SETTINGS_FIELDS, formRef);
  const pending = useNavigation().state === "submitting";
  // A failed post keeps what was typed; otherwise the stored values.
  const kit: FormKit = {
    ...base,
    value: (name) => (result ? base.value(name) : (loaderData.values[name] ?? "")),
    checked: (name) => (result ? base.checked(name) : loaderData.values[name] === "on"),
  };
  const { href } = useLocale();
  const euro = { inputMode: "decimal" as const, required: true, maxLength: 20 };
  const whole = (maxLength: number) => ({ inputMode: "numeric" as const, required: true, maxLength });
  return (
    <>
      <PageHeader title={t("settings.title")} description={t("settings.intro")} />
      {/* The seller's fiscal identity has a page of its own: saving the shop's rules never confirms it by the way. */}
      <section id="settings-seller" aria-labelledby="settings-seller-title" className="mb-6 max-w-3xl border border-line bg-paper p-4">
        <h2 id="settings-seller-title" className="font-display text-2xl">
          {ts("seller.title")}
        </h2>
        <p className="mt-1 text-sm text-stone">{ts(loaderData.sellerDemo ? "seller.demoNotice" : "seller.summary", loaderData.seller)}</p>
        <p className="mt-3">
          <Link to={href("/atelier/settings/fiscal")} className="btn btn-secondary">
            {ts("seller.edit")}
          </Link>
        </p>
      </section>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-3xl space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <Fieldset id="settings-shipping" legend={ts("settings.shipping")}>
          <TextField kit={kit} name="shippingFee" label={ts("settings.shippingFee")} {...euro} />
          <TextField kit={kit} name="freeShippingFrom" label={ts("settings.freeShippingFrom")} hint={ts("settings.freeShippingHint")} {...euro} />
        </Fieldset>
        <Fieldset id="settings-returns" legend={ts("settings.returns")}>
          <TextField kit={kit} name="returnFee" label={ts("settings.returnFee")} hint={ts("settings.returnFeeHint")} {...euro} />
          <TextField kit={kit} name="returnDays" label={ts("settings.returnDays")} {...whole(2)} />
        </Fieldset>
        <Fieldset id="settings-payments" legend={ts("settings.payments")} hint={ts("settings.paymentsHint")}>
          <div className="space-y-2 sm:col-span-2">
            {PAYMENT_METHODS.map((method) => (
              // "None on" is told at the first box.
              <CheckboxField key={method} kit={kit} name={paymentField(method)} label={ts(`settings.methods.${method}`)} />
            ))}
          </div>
          <TextField kit={kit} name="paypalInstalments" label={ts("settings.paypalInstalments")} {...whole(2)} />
        </Fieldset>
        <Fieldset id="settings-bank" legend={ts("settings.bank")}>
          <TextField kit={kit} name="bankBeneficiary" label={ts("settings.beneficiary")} required maxLength={70} autoComplete="off" />
          <TextField kit={kit} name="bankIban" label={ts("settings.iban")} required maxLength={42} autoComplete="off" spellCheck={false} />
          <TextField kit={kit} name="bankBic" label={ts("settings.bic")} required maxLength={11} autoComplete="off" spellCheck={false} />
          <TextField kit={kit} name="bankHoldDays" label={ts("settings.holdDays")} hint={ts("settings.holdDaysHint")} {...whole(2)} />
        </Fieldset>
        <Fieldset id="settings-support" legend={ts("settings.support")}>
          <TextField kit={kit} name="supportOpen" label={ts("settings.supportOpen")} hint={ts("settings.hourHint")} required maxLength={5} />
          <TextField kit={kit} name="supportClose" label={ts("settings.supportClose")} required maxLength={5} />
        </Fieldset>
        <Fieldset id="settings-social" legend={ts("settings.social")} hint={ts("settings.socialHint")}>
          {SOCIAL_NETWORKS.map((network) => (
            <TextField key={network} kit={kit} name={network} type="url" label={SOCIAL_LABELS[network]} maxLength={300} placeholder={`https://www.${network}.com/…`} />
          ))}
        </Fieldset>
        <Fieldset id="settings-atelier" legend={ts("settings.atelier")}>
          <TextField kit={kit} name="staffRefundLimit" label={t("settings.refundLimit")} hint={t("settings.refundLimitHint")} {...euro} />
          <TextField kit={kit} name="lowStockThreshold" label={t("settings.lowStock")} hint={t("settings.lowStockHint")} {...whole(4)} />
          <TextField kit={kit} name="applicationRetentionMonths" label={t("settings.retention")} hint={t("settings.retentionHint")} {...whole(2)} />
        </Fieldset>
        <SubmitButton pending={pending} pendingLabel={t("settings.saving")}>
          {t("settings.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}

const SOCIAL_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = { instagram: "Instagram", facebook: "Facebook", tiktok: "TikTok", pinterest: "Pinterest", youtube: "YouTube" };

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
