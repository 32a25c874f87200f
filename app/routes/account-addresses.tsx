import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account-addresses";
import { AddressBlock } from "~/components/address/address-block";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { SubmitButton, CheckboxField, Field, FormErrors, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { requireAccountHolder } from "./login-redirect.server";
import { AddressIdSchema, AddressSchema, PHONE_PREFIXES } from "~/modules/address/address.schema";
import { deleteAddress, listAddresses, makeDefaultAddress, saveAddress } from "~/modules/address/address.service.server";
import { ITALIAN_PROVINCES } from "~/modules/address/provinces";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { seoMeta } from "~/utils/seo";
import { idParam } from "~/utils/id-param";

const FIELDS = ["firstName", "lastName", "street", "streetNumber", "additionalInfo", "city", "province", "zip", "country", "phonePrefix", "phone"] as const;
const PROVINCES = Object.entries(ITALIAN_PROVINCES).sort((a, b) => a[1].localeCompare(b[1], "it"));

export async function loader({ context, request }: Route.LoaderArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db, env, tns, href } = getRequestContext(context);
  const addresses = await listAddresses(db, userId);
  const edit = idParam(new URL(request.url).searchParams.get("edit"));
  return {
    title: tns("account")("addresses.title"),
    path: href("/account/addresses"),
    origin: env.PUBLIC_URL,
    addresses,
    editing: addresses.find((address) => address.id === edit) ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db, session, href } = getRequestContext(context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const back = href("/account/addresses");
  if (intent === "save") {
    const submission = parseForm(formData, AddressSchema);
    if (submission.status !== "success") return invalidForm(submission);
    try {
      await saveAddress(db, userId, submission.value);
    } catch (error) {
      return formError(submission, error);
    }
    await session.addFlash({ kind: "success", key: "account:addresses.saved" });
    throw redirect(back);
  }
  if (intent === "delete" || intent === "default") {
    const submission = parseForm(formData, AddressIdSchema);
    if (submission.status !== "success") throw data({ message: "Unknown address." }, { status: 400 });
    try {
      if (intent === "delete") await deleteAddress(db, userId, submission.value.id);
      else await makeDefaultAddress(db, userId, submission.value.id);
    } catch (error) {
      return formError(submission, error);
    }
    await session.addFlash({ kind: "success", key: intent === "delete" ? "account:addresses.deleted" : "account:addresses.defaultSet" });
    throw redirect(back);
  }
  throw data({ message: "Unknown intent." }, { status: 400 });
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const { addresses, editing } = loaderData;
  const formRef = useFormRef();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const kit = useFormKit("address", actionData?.result, FIELDS, formRef);
  const answered = Boolean(actionData?.result);
  // Before any answer the form shows the address being edited (or a new one's defaults).
  const initial: Record<string, string> = editing
    ? {
        firstName: editing.firstName,
        lastName: editing.lastName,
        street: editing.street,
        streetNumber: editing.streetNumber,
        additionalInfo: editing.additionalInfo ?? "",
        city: editing.city,
        province: editing.province,
        zip: editing.zip,
        country: editing.country,
        phonePrefix: editing.phonePrefix,
        phone: editing.phone,
      }
    : { country: "IT", phonePrefix: "+39" };
  const form = { ...kit, value: (name: string) => (answered ? kit.value(name) : (initial[name] ?? "")) };
  // Only a select that starts on its placeholder (province) is `required`: the country and the
  // phone prefix start on a real choice (Italy, +39), so they always have a value.
  const select = (name: string, children: React.ReactNode, { placeholder = false, autoComplete }: { placeholder?: boolean; autoComplete?: string } = {}) => (
    <Field kit={form} name={name} label={t(`addresses.${name}` as "addresses.province")}>
      <select {...controlProps(form, name)} key={`${form.resetKey}${editing?.id ?? ""}`} defaultValue={form.value(name)} {...(placeholder ? { required: true } : { "aria-required": true })} autoComplete={autoComplete} className="field-input">
        {children}
      </select>
    </Field>
  );
  return (
    <div className="grid gap-10">
      <section aria-labelledby="addresses-title" className="bg-paper p-6 shadow-sm desk:p-8">
        <h1 id="addresses-title" className="mb-6 text-3xl">
          {t("addresses.title")}
        </h1>
        {addresses.length === 0 ? (
          <div data-testid="addresses-empty">
            <p className="font-medium">{t("addresses.empty")}</p>
            <p className="text-stone">{t("addresses.emptyHint")}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {addresses.map((address) => {
              const name = `${address.firstName} ${address.lastName}`;
              return (
                <li key={address.id} className="flex flex-col border border-line p-5" data-testid="address">
                  {address.isDefault ? <p className="eyebrow mb-2">{t("addresses.default")}</p> : null}
                  <AddressBlock address={address} strongName className="mb-4 flex-1 not-italic" />
                  <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
                    <Link to={`${href("/account/addresses")}?edit=${address.id}#address-form-title`} className="link" aria-label={t("addresses.editLabel", { name })}>
                      {t("addresses.editLink")}
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="id" value={address.id} />
                      <button type="submit" name="intent" value="delete" className="link min-h-11" aria-label={t("addresses.deleteLabel", { name })}>
                        {t("addresses.delete")}
                      </button>
                    </Form>
                    {address.isDefault ? null : (
                      <Form method="post">
                        <input type="hidden" name="id" value={address.id} />
                        <button type="submit" name="intent" value="default" className="link min-h-11" aria-label={t("addresses.makeDefaultLabel", { name })}>
                          {t("addresses.makeDefault")}
                        </button>
                      </Form>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="address-form-title" className="bg-paper p-6 shadow-sm desk:p-8">
        <h2 id="address-form-title" className="mb-6 text-3xl">
          {editing ? t("addresses.edit") : t("addresses.add")}
        </h2>
        <Form method="post" ref={formRef} noValidate={form.hydrated} className="grid gap-5 sm:grid-cols-2" key={editing?.id ?? "new"}>
          <input type="hidden" name="intent" value="save" />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <div className="sm:col-span-2">
            <FormErrors kit={form} />
          </div>
          <TextField kit={form} name="firstName" label={t("addresses.firstName")} autoComplete="given-name" required maxLength={100} />
          <TextField kit={form} name="lastName" label={t("addresses.lastName")} autoComplete="family-name" required maxLength={100} />
          <TextField kit={form} name="street" label={t("addresses.street")} autoComplete="address-line1" required maxLength={200} />
          <TextField kit={form} name="streetNumber" label={t("addresses.streetNumber")} required maxLength={20} />
          <div className="sm:col-span-2">
            <TextField kit={form} name="additionalInfo" label={t("addresses.additionalInfo")} hint={t("addresses.additionalInfoHint")} autoComplete="address-line2" maxLength={200} />
          </div>
          <TextField kit={form} name="city" label={t("addresses.city")} autoComplete="address-level2" required maxLength={100} />
          {select(
            "province",
            <>
              <option value="">{t("addresses.provincePlaceholder")}</option>
              {PROVINCES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </>,
            { placeholder: true },
          )}
          <TextField kit={form} name="zip" label={t("addresses.zip")} autoComplete="postal-code" inputMode="numeric" required maxLength={5} />
          {select(
            "country",
            <>
              <option value="IT">{t("addresses.italy")}</option>
              <option value="EU">{t("addresses.otherCountry")}</option>
            </>,
          )}
          {select(
            "phonePrefix",
            PHONE_PREFIXES.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            )),
            { autoComplete: "tel-country-code" },
          )}
          <TextField kit={form} name="phone" label={t("addresses.phone")} autoComplete="tel-national" inputMode="tel" required maxLength={20} />
          <div className="sm:col-span-2">
            <CheckboxField kit={form} name="isDefault" label={t("addresses.isDefault")} />
          </div>
          <div className="flex items-center gap-5 sm:col-span-2">
            <SubmitButton pending={saving} pendingLabel={t("addresses.saving")}>
              {t("addresses.save")}
            </SubmitButton>
            {editing ? (
              <Link to={href("/account/addresses")} className="link text-sm">
                {t("addresses.cancel")}
              </Link>
            ) : null}
          </div>
        </Form>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? seoMeta({ title: `${loaderData.title} | Bottega`, path: loaderData.path, origin: loaderData.origin, noindex: true }) : [];

export { privatePageHeaders as headers } from "~/utils/private-page-headers";

export const ErrorBoundary = RouteErrorBoundary;
