import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/store";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { SelectField, withStoredValues } from "~/components/atelier/editor-kit";
import { BoxSection, DeleteRecordCard } from "~/components/atelier/kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { formatDayHours, StoreActionSchema } from "~/modules/store/store-editor.schema";
import { createStore, deleteStore, getStoreForAtelier, storeEditorOptions, updateStore } from "~/modules/store/store-editor.service.server";
import { STORE_KINDS, WEEKDAYS } from "~/modules/store/store.schema";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, optionalIdParam } from "~/utils/id-param";

// /atelier/stores/new and /atelier/stores/:id: a store of the locator (name, kind, address,
// country and region, phone in international form, opening hours a line per day, coordinates,
// order), and its deletion behind an "I understand" box. Any staff member; every write audited.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const store = id === null ? null : await getStoreForAtelier(db, id);
  if (id !== null && !store) throw notFound();
  const t = tns("atelier-content");
  const closed = t("stores.closedWord");
  const stored: Record<string, string> = store
    ? {
        name: store.name,
        kind: store.kind,
        address: store.address,
        city: store.city,
        province: store.province,
        postalCode: store.postalCode,
        country: store.country,
        region: store.region,
        phone: store.phone,
        latitude: String(store.latitude),
        longitude: String(store.longitude),
        position: String(store.position),
        ...Object.fromEntries(WEEKDAYS.map((day, i) => [`hours.${day}`, formatDayHours(store.hours[i], closed)])),
      }
    : { kind: "boutique", country: "IT", position: "0" };
  return {
    id,
    stored,
    options: await storeEditorOptions(db, locale),
    audit: store?.audit ?? [],
    title: store ? store.name : t("stores.newTitle"),
    texts: pickTexts(locale, ["atelier-content"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  if (id !== null && !(await getStoreForAtelier(db, id))) throw notFound();
  const submission = parseIntentForm(await readFormData(request), StoreActionSchema, id === null ? ["save"] : ["save", "delete"]);
  if (submission.status !== "success") {
    if (submission.payload.intent === "delete") return data({ result: submission.reply(), form: "delete" as const }, { status: 400 });
    return invalidForm(submission);
  }
  const value = submission.value;
  try {
    if (value.intent === "delete") {
      await deleteStore(db, id!, staffActor(viewer));
      addStaffNotice(context, { kind: "success", key: "atelier-content:stores.deleted" });
      throw redirect(atelierHref(context, "/atelier/stores"), 303);
    }
    const { intent: _intent, ...input } = value;
    const saved = id === null ? await createStore(db, input, staffActor(viewer)) : (await updateStore(db, id, input, staffActor(viewer)), id);
    addStaffNotice(context, { kind: "success", key: id === null ? "atelier-content:stores.created" : "atelier-content:stores.saved" });
    throw redirect(atelierHref(context, `/atelier/stores/${saved}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

export const headers = privatePageHeaders;

const FIELDS = ["name", "kind", "position", "address", "postalCode", "city", "province", "country", "region", "phone", "latitude", "longitude", ...WEEKDAYS.map((d) => `hours.${d}`)];

export default function AtelierStore({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-content");
  const { href } = useLocale();
  const { id, stored, options, audit, title } = loaderData;
  const pending = useNavigation().state === "submitting";
  const forDelete = actionData && "form" in actionData;
  const formRef = useFormRef();
  const kit = withStoredValues(useFormKit("store", forDelete ? undefined : actionData?.result, FIELDS, formRef), forDelete ? undefined : actionData?.result, stored);
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/stores")} className="link">
          <span aria-hidden="true">← </span>
          {t("stores.back")}
        </Link>
      </p>
      <PageHeader title={title} description={id === null ? t("stores.newDescription") : t("stores.editDescription")} />
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <div className="grid items-start gap-6 desk:grid-cols-2">
          <BoxSection id="store-identity" title={t("stores.identity")}>
            <TextField kit={kit} name="name" label={t("stores.name")} required maxLength={120} />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField kit={kit} name="kind" label={t("stores.kind")}>
                {STORE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`stores.kinds.${kind}`)}
                  </option>
                ))}
              </SelectField>
              <TextField kit={kit} name="position" label={t("stores.position")} hint={t("stores.positionHint")} inputMode="numeric" maxLength={4} />
            </div>
            <TextField kit={kit} name="phone" type="tel" label={t("stores.phone")} hint={t("stores.phoneHint")} required autoComplete="off" maxLength={40} />
          </BoxSection>
          <BoxSection id="store-location" title={t("stores.addressTitle")}>
            <TextField kit={kit} name="address" label={t("stores.address")} hint={t("stores.addressHint")} required maxLength={200} />
            <div className="grid gap-4 sm:grid-cols-[8rem_1fr_6rem]">
              <TextField kit={kit} name="postalCode" label={t("stores.postalCode")} maxLength={20} />
              <TextField kit={kit} name="city" label={t("stores.city")} required maxLength={100} />
              <TextField kit={kit} name="province" label={t("stores.province")} maxLength={40} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField kit={kit} name="country" label={t("stores.country")}>
                {options.countries.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
              <SelectField kit={kit} name="region" label={t("stores.region")} hint={t("stores.regionHint")}>
                <option value="">{t("stores.chooseRegion")}</option>
                {options.regions.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </SelectField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField kit={kit} name="latitude" label={t("stores.latitude")} hint={t("stores.latitudeHint")} inputMode="decimal" required maxLength={20} />
              <TextField kit={kit} name="longitude" label={t("stores.longitude")} hint={t("stores.longitudeHint")} inputMode="decimal" required maxLength={20} />
            </div>
          </BoxSection>
        </div>
        <BoxSection id="store-hours" title={t("stores.hours")}>
          <p className="text-sm text-stone">{t("stores.hoursHint")}</p>
          <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2 desk:grid-cols-4">
            {WEEKDAYS.map((day) => (
              <TextField key={day} kit={kit} name={`hours.${day}`} label={t(`stores.days.${day}`)} required maxLength={120} spellCheck={false} />
            ))}
          </div>
        </BoxSection>
        <SubmitButton pending={pending} pendingLabel={t("stores.saving")}>
          {id === null ? t("stores.create") : t("stores.save")}
        </SubmitButton>
        <input type="hidden" name="intent" value="save" />
      </Form>
      {id !== null ? (
        <>
          <DeleteRecordCard
            id="store-delete"
            result={forDelete ? actionData.result : undefined}
            texts={{ title: t("stores.deleteTitle"), intro: t("stores.deleteIntro"), confirm: t("stores.deleteConfirm"), submit: t("stores.delete"), pending: t("stores.deleting") }}
          />
          <AuditTrail entries={audit} />
        </>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
