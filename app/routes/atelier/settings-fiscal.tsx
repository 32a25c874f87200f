import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings-fiscal";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { SettingsFieldset } from "~/components/atelier/settings-fieldset";
import { Field, FormErrors, SubmitButton, TextField, type FormKit, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { ITALIAN_PROVINCES, PROVINCE_CODES } from "~/modules/address/provinces";
import { SELLER_FIELDS, SellerIdentityFormSchema, sellerFormValues, sellerFromForm } from "~/modules/settings/seller.schema";
import { getSellerIdentity, saveSellerIdentity } from "~/modules/settings/seller.service.server";
import { REGIMI_FISCALI, SOCI, STATI_LIQUIDAZIONE } from "~/modules/settings/shop-settings";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/settings/fiscal: the seller's fiscal identity, owners only. Ragione sociale, partita
// IVA and codice fiscale (check digits), regime fiscale, PEC, sede legale, and the companies
// register (REA office and number, share capital, shareholders, liquidation). Every invoice, the
// site's footer, packing slips and order e-mails use it; until it is saved the shop runs on the
// demo's identity, the dashboard says so and no invoice is issued. Saved with one audit entry.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const seller = await getSellerIdentity(db);
  return { title: tns("atelier-shop")("seller.title"), demo: seller.demo, values: sellerFormValues(seller, toEuroInput), texts: pickTexts(locale, ["atelier-shop"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseForm(await readFormData(request), SellerIdentityFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await saveSellerIdentity(db, sellerFromForm(submission.value), staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "atelier-shop:seller.saved" });
  throw redirect(atelierHref(context, "/atelier/settings/fiscal"));
}

export const headers = privatePageHeaders;

export default function SellerIdentitySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-shop");
  const { href } = useLocale();
  const formRef = useFormRef();
  const result = actionData?.result;
  const base = useFormKit("seller", result, SELLER_FIELDS, formRef);
  const pending = useNavigation().state === "submitting";
  // A failed post keeps what was typed; otherwise the stored values.
  const kit: FormKit = { ...base, value: (name) => (result ? base.value(name) : (loaderData.values[name as keyof typeof loaderData.values] ?? "")) };
  const code = { autoComplete: "off", spellCheck: false, autoCapitalize: "characters" } as const;
  const provinces = PROVINCE_CODES.map((province) => ({ value: province, label: `${province} · ${ITALIAN_PROVINCES[province]}` }));
  return (
    <>
      <PageHeader
        title={t("seller.title")}
        description={t("seller.intro")}
        actions={
          <Link to={href("/atelier/settings")} className="link text-sm">
            {t("seller.back")}
          </Link>
        }
      />
      {loaderData.demo ? (
        <p role="status" className="mb-6 max-w-3xl border border-terracotta bg-paper p-4 text-sm" data-testid="seller-demo">
          {t("seller.demoNotice")}
        </p>
      ) : null}
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-3xl space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <SettingsFieldset id="seller-company" legend={t("seller.company")}>
          <div className="sm:col-span-2">
            <TextField kit={kit} name="legalName" label={t("seller.legalName")} required maxLength={80} autoComplete="organization" />
          </div>
          <TextField kit={kit} name="vatNumber" label={t("seller.vatNumber")} hint={t("seller.vatNumberHint")} required maxLength={20} inputMode="numeric" {...code} />
          <TextField kit={kit} name="fiscalCode" label={t("seller.fiscalCode")} hint={t("seller.fiscalCodeHint")} maxLength={20} {...code} />
          <SelectField kit={kit} name="regimeFiscale" label={t("seller.regimeFiscale")} required options={REGIMI_FISCALI.map((rf) => ({ value: rf, label: `${rf} · ${t(`seller.regimi.${rf}`)}` }))} />
          <TextField kit={kit} name="pec" type="email" label={t("seller.pec")} hint={t("seller.pecHint")} required maxLength={254} autoComplete="off" inputMode="email" />
        </SettingsFieldset>
        <SettingsFieldset id="seller-office" legend={t("seller.office")}>
          <TextField kit={kit} name="street" label={t("seller.street")} required maxLength={60} />
          <TextField kit={kit} name="streetNumber" label={t("seller.streetNumber")} required maxLength={8} />
          <TextField kit={kit} name="zip" label={t("seller.zip")} required maxLength={5} inputMode="numeric" />
          <TextField kit={kit} name="city" label={t("seller.city")} required maxLength={60} />
          <SelectField kit={kit} name="province" label={t("seller.province")} required options={provinces} />
        </SettingsFieldset>
        <SettingsFieldset id="seller-rea" legend={t("seller.rea")} hint={t("seller.reaHint")}>
          <SelectField kit={kit} name="reaOffice" label={t("seller.reaOffice")} options={[{ value: "", label: t("seller.none") }, ...provinces]} />
          <TextField kit={kit} name="reaNumber" label={t("seller.reaNumber")} hint={t("seller.reaNumberHint")} maxLength={24} {...code} />
          <TextField kit={kit} name="shareCapital" label={t("seller.shareCapital")} hint={t("seller.shareCapitalHint")} maxLength={20} inputMode="decimal" />
          <SelectField kit={kit} name="soleShareholder" label={t("seller.soleShareholder")} options={[{ value: "", label: t("seller.notStated") }, ...SOCI.map((s) => ({ value: s, label: t(`seller.soci.${s}`) }))]} />
          <SelectField kit={kit} name="liquidation" label={t("seller.liquidation")} required options={STATI_LIQUIDAZIONE.map((s) => ({ value: s, label: t(`seller.liquidations.${s}`) }))} />
        </SettingsFieldset>
        <SubmitButton pending={pending} pendingLabel={t("seller.saving")}>
          {t("seller.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}

/**
 * A select in the form kit's Field. A required one starts with an empty choice while nothing is
 * chosen (HTML wants a required select's first option empty), so a stored value is never lost.
 */
function SelectField({ kit, name, label, options, required }: { kit: FormKit; name: string; label: string; options: { value: string; label: string }[]; required?: boolean }) {
  const { t } = useTranslation("atelier-shop");
  return (
    <Field kit={kit} name={name} label={label}>
      <select {...controlProps(kit, name)} key={kit.resetKey} defaultValue={kit.value(name)} required={required} className="field-input">
        {required ? <option value="">{t("seller.choose")}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
