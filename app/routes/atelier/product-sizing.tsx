import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product-sizing";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { SelectField, withStoredValues } from "~/components/atelier/editor-kit";
import { BoxSection } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { FITS } from "~/modules/size-guide/size-guide-rules";
import { PRODUCT_SIZING_FIELDS, ProductSizingSchema } from "~/modules/size-guide/size-guide.schema";
import { getProductSizingForAtelier, saveProductSizing } from "~/modules/size-guide/size-guide.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { notFound, requireIdParam } from "~/utils/id-param";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/products/:id/sizing: a product's size guide (its own, or its category's), how it
// fits, and the model its photographs show (issue 41 part 2). Every save audited.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const sizing = await getProductSizingForAtelier(db, id, locale);
  if (!sizing) throw notFound();
  const n = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  const { model } = sizing;
  return {
    id,
    guides: sizing.guides,
    inherited: sizing.guides.find((guide) => guide.id === sizing.inheritedGuideId)?.name ?? null,
    audit: sizing.audit,
    stored: {
      guideId: n(sizing.guideId),
      fit: sizing.fit ?? "",
      modelHeightCm: n(model?.heightCm),
      modelSize: model?.size ?? "",
      modelChestCm: n(model?.chestCm),
      modelWaistCm: n(model?.waistCm),
      modelHipsCm: n(model?.hipsCm),
    },
    title: tns("atelier-catalog")("sizing.title", { name: sizing.name }),
    texts: pickTexts(locale, ["atelier-catalog"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const submission = parseForm(await readFormData(request), ProductSizingSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await saveProductSizing(db, id, submission.value, staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "atelier-catalog:sizing.saved" });
  throw redirect(atelierHref(context, `/atelier/products/${id}/sizing`), 303);
}

export const headers = privatePageHeaders;

export default function AtelierProductSizing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const { id, guides, inherited, stored, audit, title } = loaderData;
  const pending = useNavigation().state === "submitting";
  const formRef = useFormRef();
  const kit = withStoredValues(useFormKit("product-sizing", actionData?.result, PRODUCT_SIZING_FIELDS, formRef), actionData?.result, stored);
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href(`/atelier/products/${id}`)} className="link">
          <span aria-hidden="true">← </span>
          {t("sizing.back")}
        </Link>
      </p>
      <PageHeader title={title} description={t("sizing.description")} />
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-3xl space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <BoxSection id="sizing-guide" title={t("sizing.guide")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField kit={kit} name="guideId" label={t("sizing.guide")}>
              <option value="">{inherited ? t("sizing.guideInherited", { name: inherited }) : t("sizing.guideNone")}</option>
              {guides.map((guide) => (
                <option key={guide.id} value={guide.id}>
                  {guide.name}
                </option>
              ))}
            </SelectField>
            <SelectField kit={kit} name="fit" label={t("sizing.fit")} hint={t("sizing.fitHint")}>
              <option value="">{t("sizing.fitNone")}</option>
              {FITS.map((fit) => (
                <option key={fit} value={fit}>
                  {t(`sizing.fits.${fit}`)}
                </option>
              ))}
            </SelectField>
          </div>
        </BoxSection>
        <BoxSection id="sizing-model" title={t("sizing.modelTitle")} hint={t("sizing.modelHint")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField kit={kit} name="modelHeightCm" label={t("sizing.modelHeight")} inputMode="numeric" maxLength={3} autoComplete="off" />
            <TextField kit={kit} name="modelSize" label={t("sizing.modelSize")} maxLength={16} autoComplete="off" />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField kit={kit} name="modelChestCm" label={t("sizing.modelChest")} inputMode="numeric" maxLength={3} autoComplete="off" />
            <TextField kit={kit} name="modelWaistCm" label={t("sizing.modelWaist")} inputMode="numeric" maxLength={3} autoComplete="off" />
            <TextField kit={kit} name="modelHipsCm" label={t("sizing.modelHips")} inputMode="numeric" maxLength={3} autoComplete="off" />
          </div>
        </BoxSection>
        <SubmitButton pending={pending} pendingLabel={t("sizing.saving")}>
          {t("sizing.save")}
        </SubmitButton>
      </Form>
      <AuditTrail entries={audit} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => atelierMeta(loaded?.title);

export const ErrorBoundary = AtelierErrorBoundary;
