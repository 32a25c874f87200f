import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/store-stock-csv";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { BoxSection } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { FileField } from "~/components/atelier/editor-kit";
import { FormErrors, SubmitButton, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { STORE_STOCK_CSV_MAX_BYTES, type StoreStockImportError, importStoreStockCsv } from "~/modules/store/store-stock-csv.server";
import { pageHeaders } from "~/utils/cache-policy";
import { DomainError } from "~/utils/domain-error";
import { receiveImportUpload } from "./catalog-import-upload.server";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/catalog/store-stock: the stores' stock as a CSV file, out (a post to
// store-stock.csv: the export is audited) and back in (an upload: checked whole, applied whole or not at all, each changed
// quantity audited as a count). Issue 41 part 3.

const FILE_FIELD = "file";

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, tns } = getAtelierContext(context);
  return { title: tns("atelier-variants")("csv.title"), texts: pickTexts(locale, ["atelier-variants", "atelier-import"]) };
}

/** The upload's bytes as text: at most the limit, and UTF-8 (a CSV file, not a spreadsheet's binary). */
async function readText(file: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.byteLength;
    if (size > STORE_STOCK_CSV_MAX_BYTES) throw new DomainError("STORE_STOCK_FILE_TOO_BIG", "store stock file too big");
    chunks.push(chunk);
  }
  if (!size) throw new DomainError("IMPORT_FILE_EMPTY", "empty store stock file");
  const bytes = Buffer.concat(chunks);
  if (bytes.includes(0)) throw new DomainError("IMPORT_FILE_NOT_CSV", "binary store stock file");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError("IMPORT_FILE_NOT_CSV", "store stock file is not UTF-8");
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const actor = staffActor(viewer);
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const received = await receiveImportUpload(request, FILE_FIELD, STORE_STOCK_CSV_MAX_BYTES, readText);
    if (received.status === "refused") return data({ fileError: received.error.messageKey, errors: [] }, { status: received.error.status, headers: received.complete ? {} : { Connection: "close" } });
    if (received.status !== "staged") return data({ fileError: received.status === "missingFile" ? "atelier-import:upload.required" : "atelier-import:errors.malformed", errors: [] }, { status: 400 });
    const result = await importStoreStockCsv(db, received.value, actor);
    if (result.status === "refused") return data({ fileError: "atelier-variants:csv.refused", errors: result.errors }, { status: 422 });
    addStaffNotice(context, { kind: "success", key: "atelier-variants:csv.applied", values: { changed: String(result.changed), unchanged: String(result.unchanged) } });
    throw redirect(atelierHref(context, "/atelier/catalog/store-stock"), 303);
  }
  // Only the upload posts here (the export posts to store-stock.csv).
  throw data({ message: "Send the file as multipart/form-data." }, { status: 400 });
}

export const headers = pageHeaders("private", { passOn: ["Connection"] });

export default function AtelierStoreStockCsv({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-variants");
  const navigation = useNavigation();
  const formRef = useFormRef();
  const error = actionData?.fileError;
  const kit = useFormKit("store-stock-csv", error ? { status: "error", error: { [FILE_FIELD]: [error] } } : undefined, [FILE_FIELD], formRef);
  const uploading = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const { href } = useLocale();
  return (
    <>
      <PageHeader title={t("csv.title")} description={t("csv.intro")} />
      <div className="grid items-start gap-6 desk:grid-cols-2">
        <BoxSection id="store-stock-export" title={t("csv.exportTitle")} hint={t("csv.exportHint")}>
          <Form method="post" action={href("/atelier/catalog/store-stock.csv")} reloadDocument>
            {/* A download: the page stays, so no pending state. */}
            <button type="submit" className="btn btn-secondary">
              {t("csv.export")}
            </button>
          </Form>
        </BoxSection>
        <BoxSection id="store-stock-import" title={t("csv.importTitle")} hint={t("csv.importHint")}>
          <Form method="post" encType="multipart/form-data" ref={formRef} noValidate={kit.hydrated} className="space-y-4" aria-labelledby="store-stock-import">
            <FormErrors kit={kit} />
            <FileField kit={kit} name={FILE_FIELD} label={t("csv.file")} hint={t("csv.fileHint")} accept=".csv,text/csv" />
            <SubmitButton pending={uploading} pendingLabel={t("csv.importing")}>
              {t("csv.import")}
            </SubmitButton>
          </Form>
          {actionData?.errors?.length ? <ImportErrors errors={actionData.errors} /> : null}
        </BoxSection>
      </div>
    </>
  );
}

function ImportErrors({ errors }: { errors: StoreStockImportError[] }) {
  const { t } = useTranslation("atelier-variants");
  return (
    <ul className="mt-4 space-y-1 text-sm text-sale" data-testid="store-stock-csv-errors">
      {errors.map((error) => (
        <li key={`${error.line}-${error.key}`}>{t("csv.line", { line: error.line, message: t(error.key as never, error.values ?? {}) })}</li>
      ))}
    </ul>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => atelierMeta(loaded?.title);

export const ErrorBoundary = AtelierErrorBoundary;
