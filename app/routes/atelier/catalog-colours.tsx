import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalog-colours";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { ColorDot } from "~/components/catalog/product-card";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { ColourFormSchema } from "~/modules/catalog/colour-admin.schema";
import { type ColourRow, createColour, listColours } from "~/modules/catalog/colour-admin.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/catalog/colors (issue 37, item 7): the shop's colours with their swatch, names and how
// many variants wear each, and the form for a new one. The import's report sends the owner here
// to choose a new colour's swatch. Without JavaScript; every write audited.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  return { colours: await listColours(db), title: tns("atelier-catalog")("colours.title"), texts: pickTexts(locale, ["atelier-catalog"]) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseForm(await readFormData(request), ColourFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    const code = await createColour(db, submission.value, staffActor(viewer));
    addStaffNotice(context, { kind: "success", key: "atelier-catalog:colours.created" });
    throw redirect(atelierHref(context, `/atelier/catalog/colors/${code}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

export const headers = privatePageHeaders;

export default function AtelierColours({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("colour-new", actionData?.result, ["nameIt", "nameEn", "hex"], formRef);
  const pending = useNavigation().state === "submitting";
  const columns: Column<ColourRow>[] = [
    { key: "swatch", header: t("colours.swatch"), cell: (c) => <ColorDot hex={c.hex} className="inline-block size-6 rounded-full border border-black/25 align-middle" /> },
    {
      key: "name",
      header: t("colours.nameIt"),
      rowHeader: true,
      cell: (c) => (
        <Link to={href(`/atelier/catalog/colors/${c.code}`)} className="link decoration-stone underline-offset-2" aria-label={t("colours.edit", { name: c.nameIt })}>
          {c.nameIt}
        </Link>
      ),
    },
    { key: "nameEn", header: t("colours.nameEn"), cell: (c) => c.nameEn },
    { key: "hex", header: t("colours.hex"), cell: (c) => <code>{c.hex}</code> },
    { key: "code", header: t("colours.code"), wide: true, cell: (c) => <code>{c.code}</code> },
    { key: "variants", header: t("colours.variants"), numeric: true, wide: true, cell: (c) => c.variants },
  ];
  return (
    <>
      <PageHeader title={t("colours.title")} description={t("colours.description")} />
      <DataTable caption={t("colours.caption")} captionHidden columns={columns} rows={loaderData.colours} rowKey={(c) => c.code} empty={t("colours.empty")} />
      <section aria-labelledby="colour-new" className="mt-8 max-w-xl border border-line bg-paper p-4">
        <h2 id="colour-new" className="mb-3 text-xl">
          {t("colours.newTitle")}
        </h2>
        <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4">
          <FormErrors kit={kit} />
          <TextField kit={kit} name="nameIt" label={t("colours.nameIt")} required maxLength={60} />
          <TextField kit={kit} name="nameEn" label={t("colours.nameEn")} required maxLength={60} />
          <TextField kit={kit} name="hex" label={t("colours.hex")} hint={t("colours.hexHint")} required maxLength={7} pattern="#?[0-9a-fA-F]{6}" />
          <SubmitButton pending={pending} pendingLabel={t("colours.create")}>
            {t("colours.create")}
          </SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
