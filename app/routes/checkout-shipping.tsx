import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-shipping";
import { AddressFields } from "~/components/checkout/address-fields";
import { AddressBlock, BagSummary, CheckoutFrame } from "~/components/checkout/checkout-frame";
import { ClosureNotice } from "~/components/checkout/closure-notice";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { FieldError, Hint, SubmitButton, FormErrors, TextField, type FormKit, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { getAccount } from "~/modules/account/account.service.server";
import { listAddresses } from "~/modules/address/address.service.server";
import { orderContact, requireCheckoutStep } from "./checkout-guard.server";
import { type CheckoutAddress, ShippingStepSchema } from "~/modules/checkout/checkout.schema";
import { saveShippingStep, shippingMethodsFor } from "~/modules/checkout/checkout.service.server";
import { bagStockLines } from "~/modules/bag/bag.service.server";
import { pickupOptions } from "~/modules/store/store-pickup.service.server";
import { PickupStoreAddress } from "~/components/order/pickup-store";
import { PICKUP_COLLECT_DAYS } from "~/modules/store/store-pickup.rules";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { seoMeta } from "~/utils/seo";
import { cacheControl } from "~/utils/cache-policy";

// Checkout step Shipping (/checkout): where the order goes (a saved address or a new one, which
// may be saved to the account), where the invoice goes, how it ships, and an optional invoice
// request. One form; the groups that apply only on a choice are revealed by CSS (no JavaScript).

const ADDRESS_FIELDS = ["firstName", "lastName", "street", "streetNumber", "additionalInfo", "city", "province", "zip", "country", "phonePrefix", "phone"];
const FIELDS = [
  "addressChoice",
  ...ADDRESS_FIELDS.map((f) => `shipping.${f}`),
  "billingSame",
  ...ADDRESS_FIELDS.map((f) => `billing.${f}`),
  "shippingMethod",
  "pickupStore",
  "invoiceType",
  "fiscalCode",
  "companyName",
  "vatNumber",
  "sdiCode",
  "pec",
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { bag, checkout, who, settings, paths, closure } = await requireCheckoutStep(context, request, "shipping");
  const { db, env, locale, tns } = getRequestContext(context);
  const t = tns("checkout");
  const saved = who.kind === "account" ? await listAddresses(db, who.userId) : [];
  // The account's own codice fiscale (spec §3) is offered for an invoice to the person.
  const account = who.kind === "account" ? await getAccount(db, who.userId) : null;
  const same = (a: CheckoutAddress | null, b: (typeof saved)[number]) =>
    a !== null && a.street === b.street && a.streetNumber === b.streetNumber && a.zip === b.zip && a.lastName === b.lastName && a.firstName === b.firstName;
  const shipping = checkout?.shipping ?? null;
  const chosen = shipping ? saved.find((address) => same(shipping, address)) : (saved.find((address) => address.isDefault) ?? saved[0]);
  // A new address starts with the name the order is for (the guest's at Personal Info, or the
  // account's); an address already given for this checkout is shown as it was saved.
  const contact = shipping ? null : await orderContact(context, checkout, who);
  const stores = await pickupOptions(db, await bagStockLines(db, bag.id));
  return data(
    {
      bag,
      saved,
      initial: {
        addressChoice: chosen ? String(chosen.id) : "new",
        shipping: chosen ? null : (shipping ?? (contact ? { firstName: contact.firstName, lastName: contact.lastName } : null)),
        billing: checkout?.billing ?? null,
        invoice: checkout?.invoice ?? null,
        fiscalCode: checkout?.invoice?.type === "person" ? checkout.invoice.fiscalCode : (account?.fiscalCode ?? ""),
        shippingMethod: checkout?.shippingMethod ?? "ups_standard",
        pickupStore: checkout?.pickup ? String(checkout.pickup.storeId) : "",
      },
      canSave: who.kind === "account",
      methods: shippingMethodsFor("IT").map((id) => ({ id, courier: settings.courier, days: settings.deliveryDays, feeCents: settings.shippingFeeCents, freeFromCents: bag.totals.freeShippingFromCents })),
      // Pick-up: every store of the shop's country, each with its promise for this bag.
      stores: stores.map(({ id, name, address, city, province, postalCode, phone, byTransfer }) => ({ id, name, address, city, province, postalCode, phone, byTransfer })),
      closure,
      euShopUrl: env.EU_SHOP_HOST,
      title: t("shipping.title"),
      metaTitle: t("meta.shipping"),
      path: paths.shipping,
      origin: env.PUBLIC_URL,
      page: { isAuth: true, securePayment: true, prevStep: who.kind === "account" ? paths.cart : paths.registrationLogin, prevStepLabel: who.kind === "account" ? t("back.cart") : t("back.personal") },
      texts: pickTexts(locale, ["account", "checkout"]),
    },
    { headers: cacheControl("private") },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { bag, who, paths } = await requireCheckoutStep(context, request, "shipping");
  const { db } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), ShippingStepSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await saveShippingStep(db, bag.id, submission.value, who);
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(paths.payment, 303);
}

export const headers = privatePageHeaders;

function Choice({ name, value, label, hint, defaultChecked, reveal, describedBy }: { name: string; value: string; label: React.ReactNode; hint?: React.ReactNode; defaultChecked: boolean; reveal?: string; describedBy?: string }) {
  return (
    <label className="choice-card">
      <input type="radio" name={name} value={value} defaultChecked={defaultChecked} data-reveal-when={reveal} aria-describedby={describedBy} />
      <span className="text-sm">
        {label}
        {hint ? <span className="mt-1 block text-stone">{hint}</span> : null}
      </span>
    </label>
  );
}

/** The kept answer after a failed submit, else what the checkout already holds. */
function initialKit(kit: FormKit, answered: boolean, initial: Record<string, string>): FormKit {
  return {
    ...kit,
    value: (name) => (answered ? kit.value(name) : (initial[name] ?? "")),
    checked: (name) => (answered ? kit.checked(name) : initial[name] === "on"),
  };
}

function flatten(prefix: string, address: Partial<CheckoutAddress> | null): Record<string, string> {
  if (!address) return {};
  return Object.fromEntries(Object.entries(address).map(([key, value]) => [`${prefix}.${key}`, String(value ?? "")]));
}

export default function CheckoutShipping({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checkout");
  const { locale } = useLocale();
  const { bag, saved, initial, methods, stores } = loaderData;
  const formRef = useFormRef();
  const pending = useNavigation().state === "submitting";
  const answered = Boolean(actionData?.result);
  const invoice = initial.invoice;
  const kit = initialKit(useFormKit("shipping", actionData?.result, FIELDS, formRef), answered, {
    addressChoice: initial.addressChoice,
    ...flatten("shipping", initial.shipping),
    ...flatten("billing", initial.billing),
    billingSame: initial.billing ? "" : "on",
    invoiceType: invoice?.type ?? "none",
    fiscalCode: initial.fiscalCode,
    companyName: invoice?.type === "company" ? invoice.companyName : "",
    vatNumber: invoice?.type === "company" ? invoice.vatNumber : "",
    sdiCode: invoice?.type === "company" ? (invoice.sdiCode ?? "") : "",
    pec: invoice?.type === "company" ? (invoice.pec ?? "") : "",
    shippingMethod: initial.shippingMethod,
    pickupStore: initial.pickupStore,
  });
  const method = kit.value("shippingMethod") || "ups_standard";
  const pickupStore = kit.value("pickupStore");
  const choice = kit.value("addressChoice") || "new";
  const invoiceType = kit.value("invoiceType") || "none";
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <CheckoutFrame
      step="shipping"
      title={t("shipping.title")}
      aside={<BagSummary bag={bag} />}
    >
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-10" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <fieldset className="space-y-4">
          <legend className="mb-4 font-display text-2xl">{t("shipping.addressTitle")}</legend>
          {saved.length ? (
            <div role="radiogroup" aria-label={t("shipping.savedAddresses")} aria-invalid={Boolean(kit.errors("addressChoice")) || undefined} className="grid gap-3 sm:grid-cols-2" key={kit.resetKey}>
              {saved.map((address) => (
                <Choice
                  key={address.id}
                  name="addressChoice"
                  value={String(address.id)}
                  defaultChecked={choice === String(address.id)}
                  label={<AddressBlock address={address} inLabel />}
                  describedBy="shipping-addressChoice-error"
                />
              ))}
              <Choice
                name="addressChoice"
                value="new"
                defaultChecked={choice === "new"}
                reveal="new-address"
                label={t("shipping.newAddress")}
                describedBy="shipping-addressChoice-error"
              />
              <div className="sm:col-span-2">
                <FieldError id="shipping-addressChoice-error" errors={kit.errors("addressChoice")} />
              </div>
            </div>
          ) : (
            <input type="hidden" name="addressChoice" value="new" />
          )}
          <div data-revealed-by={saved.length ? "new-address" : undefined}>
            <AddressFields kit={kit} prefix="shipping" euShopUrl={loaderData.euShopUrl} saveOption={loaderData.canSave} required={!saved.length} />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-4 font-display text-2xl">{t("shipping.billingTitle")}</legend>
          <div>
            <div className="flex items-start gap-3">
              <input
                id="shipping-billingSame"
                type="checkbox"
                name="billingSame"
                value="on"
                defaultChecked={kit.checked("billingSame")}
                key={kit.resetKey}
                data-reveal-when="billing-other"
                aria-describedby="shipping-billingSame-hint"
                className="mt-0.5 size-5 shrink-0 accent-ink"
              />
              <label htmlFor="shipping-billingSame" className="text-sm">
                {t("shipping.billingSame")}
              </label>
            </div>
            <Hint id="shipping-billingSame-hint">{t("shipping.billingHint")}</Hint>
          </div>
          <div data-revealed-by="billing-other">
            <AddressFields kit={kit} prefix="billing" required={false} />
          </div>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="mb-4 font-display text-2xl">{t("shipping.methodTitle")}</legend>
          <ClosureNotice closure={loaderData.closure} />
          <div className="grid gap-3" key={kit.resetKey}>
            {methods.map((option) =>
              option.id === "store_pickup" ? (
                stores.length ? (
                  <Choice
                    key={option.id}
                    name="shippingMethod"
                    value={option.id}
                    defaultChecked={method === option.id}
                    reveal="pickup-stores"
                    describedBy="shipping-shippingMethod-error"
                    label={
                      <>
                        <span className="font-medium">{t("shipping.pickup")}</span> <span className="block text-stone">{t("shipping.pickupFree")}</span>
                      </>
                    }
                  />
                ) : null
              ) : (
                <Choice
                  key={option.id}
                  name="shippingMethod"
                  value={option.id}
                  defaultChecked={method === option.id}
                  describedBy="shipping-shippingMethod-error"
                  label={
                    <>
                      <span className="font-medium">{t("shipping.ups", { courier: option.courier, min: option.days.min, max: option.days.max })}</span>{" "}
                      <span className="block text-stone">
                        {bag.totals.missingForFreeShippingCents === 0 ? t("shipping.free") : money(option.feeCents)} · {t("shipping.freeFrom", { amount: money(option.freeFromCents) })}
                      </span>
                    </>
                  }
                />
              ),
            )}
          </div>
          {stores.length ? (
            <div data-revealed-by="pickup-stores">
              <fieldset className="space-y-3" aria-describedby="shipping-pickupStore-hint shipping-pickupStore-error">
                <legend className="mb-1 font-medium">{t("shipping.pickupStores")}</legend>
                <Hint id="shipping-pickupStore-hint">{t("shipping.pickupHint", { count: PICKUP_COLLECT_DAYS })}</Hint>
                <div className="grid gap-3 sm:grid-cols-2" key={kit.resetKey}>
                  {stores.map((store) => (
                    <Choice
                      key={store.id}
                      name="pickupStore"
                      value={String(store.id)}
                      defaultChecked={pickupStore === String(store.id)}
                      label={<PickupStoreAddress store={store} />}
                    />
                  ))}
                </div>
                <FieldError id="shipping-pickupStore-error" errors={kit.errors("pickupStore")} />
              </fieldset>
            </div>
          ) : null}
          <FieldError id="shipping-shippingMethod-error" errors={kit.errors("shippingMethod")} />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="mb-2 font-display text-2xl">{t("shipping.invoiceTitle")}</legend>
          <p className="text-sm text-stone">{t("shipping.invoiceHint")}</p>
          <div className="grid gap-3" key={kit.resetKey}>
            <Choice name="invoiceType" value="none" defaultChecked={invoiceType === "none"} label={t("shipping.invoiceNone")} />
            <Choice name="invoiceType" value="person" defaultChecked={invoiceType === "person"} reveal="invoice-person" label={t("shipping.invoicePerson")} />
            <Choice name="invoiceType" value="company" defaultChecked={invoiceType === "company"} reveal="invoice-company" label={t("shipping.invoiceCompany")} />
          </div>
          <div data-revealed-by="invoice-person">
            <TextField kit={kit} name="fiscalCode" label={t("shipping.fiscalCode")} autoComplete="off" maxLength={16} />
          </div>
          <div data-revealed-by="invoice-company">
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <TextField kit={kit} name="companyName" label={t("shipping.companyName")} autoComplete="organization" maxLength={200} />
              </div>
              <TextField kit={kit} name="vatNumber" label={t("shipping.vatNumber")} autoComplete="off" maxLength={13} />
              <TextField kit={kit} name="sdiCode" label={t("shipping.sdiCode")} hint={t("shipping.sdiHint")} autoComplete="off" maxLength={7} />
              <div className="sm:col-span-2">
                <TextField kit={kit} name="pec" label={t("shipping.pec")} type="email" autoComplete="off" maxLength={254} />
              </div>
            </div>
          </div>
        </fieldset>

        <SubmitButton pending={pending} pendingLabel={t("shipping.submitting")} className="btn btn-primary w-full sm:w-auto">
          {t("shipping.submit")}
        </SubmitButton>
      </Form>
    </CheckoutFrame>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.metaTitle} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
