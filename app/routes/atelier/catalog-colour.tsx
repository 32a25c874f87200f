import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalog-colour";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { withStoredValues } from "~/components/atelier/editor-kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { ColorDot } from "~/components/catalog/product-card";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { notFound } from "~/utils/id-param";
import { ColourFormSchema } from "~/modules/catalog/colour-admin.schema";
import { getColour, updateColour } from "~/modules/catalog/colour-admin.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/catalog/colors/:code (issue 37, item 7): a colour's names in both languages and its
// swatch (#RRGGBB), with a preview. Saving renews the products wearing it; audited.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale } = getAtelierContext(context);
  const colour = await getColour(db, params.code);
  if (!colour) throw notFound();
  return { colour, title: colour.nameIt, texts: pickTexts(locale, ["atelier-catalog"]) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const colour = await getColour(db, params.code);
  if (!colour) throw notFound();
  const submission = parseForm(await readFormData(request), ColourFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await updateColour(db, colour.code, submission.value, staffActor(viewer));
    addStaffNotice(context, { kind: "success", key: "atelier-catalog:colours.saved" });
    throw redirect(atelierHref(context, `/atelier/catalog/colors/${colour.code}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

export const headers = privatePageHeaders;

export default function AtelierColour({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const { colour } = loaderData;
  const formRef = useFormRef();
  const stored = { nameIt: colour.nameIt, nameEn: colour.nameEn, hex: colour.hex };
  const kit = withStoredValues(useFormKit("colour", actionData?.result, ["nameIt", "nameEn", "hex"], formRef), actionData?.result, stored);
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/catalog/colors")} className="link">
          <span aria-hidden="true">← </span>
          {t("colours.back")}
        </Link>
      </p>
      <PageHeader title={colour.nameIt} description={t("colours.editDescription")} />
      <div className="grid max-w-3xl items-start gap-6 sm:grid-cols-[1fr_8rem]">
        <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4 border border-line bg-paper p-4" aria-labelledby="page-title">
          <FormErrors kit={kit} />
          <TextField kit={kit} name="nameIt" label={t("colours.nameIt")} required maxLength={60} />
          <TextField kit={kit} name="nameEn" label={t("colours.nameEn")} required maxLength={60} />
          <TextField kit={kit} name="hex" label={t("colours.hex")} hint={t("colours.hexHint")} required maxLength={7} pattern="#?[0-9a-fA-F]{6}" />
          <SubmitButton pending={pending} pendingLabel={t("colours.save")}>
            {t("colours.save")}
          </SubmitButton>
        </Form>
        <figure className="grid gap-2 text-sm">
          <ColorDot hex={colour.hex} className="block size-24 rounded-full border border-black/25" />
          <figcaption>
            <code>{colour.hex}</code> · <code>{colour.code}</code>
          </figcaption>
        </figure>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
