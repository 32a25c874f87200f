import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalog-manufacturer";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { withStoredValues } from "~/components/atelier/editor-kit";
import { BoxSection } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { ManufacturerFormSchema } from "~/modules/catalog/manufacturer-admin.schema";
import { createManufacturer, getManufacturer, updateManufacturer } from "~/modules/catalog/manufacturer-admin.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { notFound, optionalIdParam } from "~/utils/id-param";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/catalog/manufacturers/new and /:id (issue 37, item 7): a maker's GPSR details (name,
// postal address, country, e-mail or website) and, for a maker outside the EU, its responsible
// person in the EU. Without JavaScript; every write audited.

const FIELDS = ["name", "address", "countryCode", "email", "euResponsibleName", "euResponsibleAddress", "euResponsibleCountryCode", "euResponsibleEmail"];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const maker = id === null ? null : await getManufacturer(db, id);
  if (id !== null && !maker) throw notFound();
  const stored: Record<string, string> = maker
    ? {
        name: maker.name,
        address: maker.address,
        countryCode: maker.countryCode,
        email: maker.email,
        euResponsibleName: maker.euResponsibleName ?? "",
        euResponsibleAddress: maker.euResponsibleAddress ?? "",
        euResponsibleCountryCode: maker.euResponsibleCountryCode ?? "",
        euResponsibleEmail: maker.euResponsibleEmail ?? "",
      }
    : { countryCode: "IT" };
  return { id, stored, title: maker?.name ?? tns("atelier-catalog")("manufacturers.newTitle"), texts: pickTexts(locale, ["atelier-catalog"]) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  if (id !== null && !(await getManufacturer(db, id))) throw notFound();
  const submission = parseForm(await readFormData(request), ManufacturerFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    const saved = id === null ? await createManufacturer(db, submission.value, staffActor(viewer)) : (await updateManufacturer(db, id, submission.value, staffActor(viewer)), id);
    addStaffNotice(context, { kind: "success", key: id === null ? "atelier-catalog:manufacturers.created" : "atelier-catalog:manufacturers.saved" });
    throw redirect(atelierHref(context, `/atelier/catalog/manufacturers/${saved}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

export const headers = privatePageHeaders;

export default function AtelierManufacturer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const { id, stored, title } = loaderData;
  const formRef = useFormRef();
  const kit = withStoredValues(useFormKit("manufacturer", actionData?.result, FIELDS, formRef), actionData?.result, stored);
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/catalog/manufacturers")} className="link">
          <span aria-hidden="true">← </span>
          {t("manufacturers.back")}
        </Link>
      </p>
      <PageHeader title={title} description={id === null ? t("manufacturers.newDescription") : t("manufacturers.editDescription")} />
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <div className="grid items-start gap-6 desk:grid-cols-2">
          <BoxSection id="maker-identity" title={t("manufacturers.identity")}>
            <TextField kit={kit} name="name" label={t("manufacturers.name")} required maxLength={120} />
            <TextField kit={kit} name="address" label={t("manufacturers.address")} hint={t("manufacturers.addressHint")} required maxLength={300} />
            <TextField kit={kit} name="countryCode" label={t("manufacturers.country")} hint={t("manufacturers.countryHint")} required maxLength={2} autoComplete="off" />
            <TextField kit={kit} name="email" label={t("manufacturers.email")} hint={t("manufacturers.emailHint")} required maxLength={254} autoComplete="off" />
          </BoxSection>
          <BoxSection id="maker-eu" title={t("manufacturers.euTitle")} hint={t("manufacturers.euHint")}>
            <TextField kit={kit} name="euResponsibleName" label={t("manufacturers.euName")} maxLength={120} />
            <TextField kit={kit} name="euResponsibleAddress" label={t("manufacturers.euAddress")} maxLength={300} />
            <TextField kit={kit} name="euResponsibleCountryCode" label={t("manufacturers.euCountry")} maxLength={2} autoComplete="off" />
            <TextField kit={kit} name="euResponsibleEmail" label={t("manufacturers.euEmail")} maxLength={254} autoComplete="off" />
          </BoxSection>
        </div>
        <SubmitButton pending={pending} pendingLabel={id === null ? t("manufacturers.create") : t("manufacturers.save")}>
          {id === null ? t("manufacturers.create") : t("manufacturers.save")}
        </SubmitButton>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
