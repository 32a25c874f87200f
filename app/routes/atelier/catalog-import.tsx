import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalog-import";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { UploadForm } from "~/components/atelier/kit";
import { SubmitButton, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import type { ImportIssue, ImportReport } from "~/modules/catalog/catalog-import.service.server";
import { UPLOAD_MAX_BYTES, discardUpload, findUpload, runUpload, stageUpload } from "~/modules/catalog/catalog-import-uploads.service.server";
import { isDomainError } from "~/utils/domain-error";
import { pageError, parseIntentForm, readFormData } from "~/utils/form.server";
import { notFound } from "~/utils/id-param";
import { z } from "~/utils/zod";
import { receiveImportUpload } from "./catalog-import-upload.server";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { pageHeaders } from "~/utils/cache-policy";

// /atelier/catalog/import: a Shopify product CSV, uploaded (multipart, streamed, 50 MB at most);
// the file waits in the database under a random id (?upload=…, a day at most, the uploader's
// only). Its check (the dry run: nothing written) and then its real run ("Importa") are
// background jobs (issue 37): while one goes, ?upload=… shows its progress and refreshes itself
// (a meta refresh: no JavaScript needed), then the report. "Annulla" drops a checked file. The
// export (the same format) is a post to /atelier/catalog/export. Every form is a plain post,
// every answer a redirect.

/** Seconds between two refreshes of a running job's page. */
const REFRESH_SECONDS = 3;

/** The file input's name (the upload reader takes the first file of this field). */
const FILE_FIELD = "file";
const UPLOAD_ID = z.string().regex(/^[0-9a-f]{32}$/);
const IntentSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("run"), upload: UPLOAD_ID }), z.object({ intent: z.literal("discard"), upload: UPLOAD_ID })]);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns, staff: viewer } = getAtelierContext(context);
  const id = new URL(request.url).searchParams.get("upload");
  const upload = id === null ? null : await findUpload(db, id, viewer.id);
  if (id !== null && !upload) throw notFound();
  const running = upload?.state === "checking" || upload?.state === "running";
  return { title: tns("atelier-import")("meta.title"), upload, refresh: running ? REFRESH_SECONDS : null, texts: pickTexts(locale, ["atelier-import"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, staff: viewer } = getAtelierContext(context);
  const actor = staffActor(viewer);
  const contentType = request.headers.get("content-type") ?? "";
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    const received = await receiveImportUpload(request, FILE_FIELD, UPLOAD_MAX_BYTES, (file, fileName) => stageUpload(db, { file, fileName, staffId: viewer.id, actor, origin: env.PUBLIC_URL }));
    if (received.status === "staged") throw redirect(`${atelierHref(context, "/atelier/catalog/import")}?upload=${received.value.id}`);
    if (received.status === "refused") {
      return data({ fileError: received.error.messageKey }, { status: received.error.status, headers: received.complete ? {} : { Connection: "close" } });
    }
    return data({ fileError: received.status === "missingFile" ? "atelier-import:upload.required" : "atelier-import:errors.malformed" }, { status: 400 });
  }
  const submission = parseIntentForm(await readFormData(request), IntentSchema, ["run", "discard"]);
  if (submission.status !== "success") throw notFound();
  const { intent, upload } = submission.value;
  const page = `${atelierHref(context, "/atelier/catalog/import")}?upload=${upload}`;
  if (intent === "discard") {
    if (!(await discardUpload(db, upload, viewer.id))) throw notFound();
    addStaffNotice(context, { kind: "success", key: "atelier-import:notice.discarded" });
    throw redirect(atelierHref(context, "/atelier/catalog/import"));
  }
  try {
    // The run is a background job: the page shows its progress, then its report.
    await runUpload(db, { id: upload, staffId: viewer.id, actor, origin: env.PUBLIC_URL });
    addStaffNotice(context, { kind: "success", key: "atelier-import:notice.runQueued" });
  } catch (error) {
    if (!isDomainError(error) || error.isPageError) pageError(error);
    addStaffNotice(context, { kind: "warning", key: error.messageKey });
  }
  throw redirect(page);
}

export const headers = pageHeaders("private", { passOn: ["Connection"] });

export default function AtelierCatalogImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-import");
  const { upload } = loaderData;
  return (
    <>
      <PageHeader title={t("page.title")} description={t("page.intro")} />
      {upload?.job ? <JobProgress upload={upload} /> : upload?.report ? <UploadReport upload={{ ...upload, report: upload.report }} /> : <UploadCsv error={actionData?.fileError} />}
      <ExportSection />
    </>
  );
}

function UploadCsv({ error }: { error?: string }) {
  const { t } = useTranslation("atelier-import");
  const ref = useFormRef();
  // The action's refusal (a message key) shown at the file, as the form kit shows a field's error.
  const kit = useFormKit("import", error ? { status: "error", error: { [FILE_FIELD]: [error] } } : undefined, [FILE_FIELD], ref);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  return (
    <section aria-labelledby="import-upload" className="mb-8 border border-line bg-paper p-4">
      <h2 id="import-upload" className="mb-3 text-xl">
        {t("upload.legend")}
      </h2>
      <UploadForm
        kit={kit}
        formRef={ref}
        file={{ name: FILE_FIELD, label: t("upload.file"), hint: t("upload.hint"), accept: ".csv,text/csv" }}
        pending={pending}
        pendingLabel={t("upload.submit")}
        submitLabel={t("upload.submit")}
        className="grid max-w-prose gap-4"
      />
    </section>
  );
}

type UploadView = NonNullable<Route.ComponentProps["loaderData"]["upload"]> & { report: ImportReport };

/** A job to do or under way (the page refreshes itself), or one that failed for good. */
function JobProgress({ upload }: { upload: NonNullable<Route.ComponentProps["loaderData"]["upload"]> }) {
  const { t } = useTranslation("atelier-import");
  const { href } = useLocale();
  const job = upload.job!;
  if (upload.state === "failed")
    return (
      <section aria-labelledby="import-job" className="mb-8 border border-line bg-paper p-4">
        <h2 id="import-job" className="mb-2 text-xl break-all">
          {t("job.failedTitle", { file: upload.fileName })}
        </h2>
        <p role="alert" className="mb-4 text-sm text-sale">
          {t("job.failed", { error: job.error ?? "" })}
        </p>
        <Link to={href("/atelier/catalog/import")} className="btn btn-secondary">
          {t("report.again")}
        </Link>
      </section>
    );
  const here = `${href("/atelier/catalog/import")}?upload=${upload.id}`;
  return (
    <section aria-labelledby="import-job" className="mb-8 border border-line bg-paper p-4">
      <h2 id="import-job" className="mb-2 text-xl break-all">
        {upload.state === "checking" ? t("job.checkingTitle", { file: upload.fileName }) : t("job.runningTitle", { file: upload.fileName })}
      </h2>
      <div role="status" className="grid gap-2">
        {job.waiting > 0 ? <p className="text-sm">{t("job.queued")}</p> : null}
        <label htmlFor="import-progress" className="text-sm">
          {t("job.progress", { rows: job.rows.toLocaleString(), percent: job.percent })}
        </label>
        <progress id="import-progress" max={100} value={job.percent} className="h-2 w-full max-w-prose">
          {job.percent} %
        </progress>
        {job.resumed ? <p className="text-sm text-stone">{t("job.resumed")}</p> : null}
        <p className="text-sm text-stone">{t("job.refreshHint")}</p>
      </div>
      <p className="mt-4">
        <Link to={here} className="btn btn-secondary">
          {t("job.refreshNow")}
        </Link>
      </p>
    </section>
  );
}

function UploadReport({ upload }: { upload: UploadView }) {
  const { t } = useTranslation("atelier-import");
  const { href } = useLocale();
  const navigation = useNavigation();
  const { report } = upload;
  const done = upload.state === "done";
  const runnable = !done && !report.fatal && report.rowsAccepted > 0;
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "run";
  const figures: [string, string | number][] = [
    [t("report.rows"), report.rows],
    [t("report.rowsAccepted"), report.rowsAccepted],
    [t("report.rowsRejected"), report.rowsRejected],
    [done ? t("report.createDone") : t("report.create"), report.products.create],
    [done ? t("report.updateDone") : t("report.update"), report.products.update],
    [t("report.unchanged"), report.products.unchanged],
    [t("report.rejected"), report.products.rejected],
    [t("report.variants"), `${report.variants.create} / ${report.variants.update}`],
    done ? [t("report.imagesFetched"), `${report.images.fetched} / ${report.images.failed}`] : [t("report.imagesToFetch"), report.images.fetch],
  ];
  return (
    <section aria-labelledby="import-report" className="mb-8 grid gap-6">
      <div className="border border-line bg-paper p-4">
        <h2 id="import-report" className="mb-1 text-xl break-all">
          {done ? t("report.doneTitle", { file: upload.fileName }) : t("report.dryTitle", { file: upload.fileName })}
        </h2>
        <p className="mb-4 text-sm text-stone">{done ? t("report.doneIntro") : t("report.dryIntro")}</p>
        {report.fatal ? (
          <p role="alert" className="mb-4 border border-sale/40 p-3 text-sm text-sale">
            {String(t(`fatal.${report.fatal.code}` as never, { ...report.fatal, columns: "columns" in report.fatal ? report.fatal.columns.join(", ") : "" } as never))}
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3 desk:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label} className="border-b border-line py-1">
              <dt className="text-stone">{label}</dt>
              <dd className="text-lg tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {report.newColours.length ? (
          <p className="mt-3 text-sm">
            {t("report.newColours", { names: report.newColours.join(", ") })}{" "}
            <Link to={href("/atelier/catalog/colors")} className="underline">
              {t("report.coloursLink")}
            </Link>
          </p>
        ) : null}
        {report.holding ? (
          <p className="mt-1 text-sm">
            {t(done ? "report.holdingDone" : "report.holding", { count: report.holding })}{" "}
            <Link to={href("/atelier/categories")} className="underline">
              {t("report.holdingLink")}
            </Link>
          </p>
        ) : null}
        {report.notes.some((n) => n.code === "unknownVendor") ? (
          <p className="mt-1 text-sm">
            <Link to={href("/atelier/catalog/manufacturers")} className="underline">
              {t("report.vendorsLink")}
            </Link>
          </p>
        ) : null}
        {report.ignoredColumns.length ? <p className="mt-1 text-sm text-stone">{t("report.ignoredColumns", { names: report.ignoredColumns.join(", ") })}</p> : null}
        {report.images.fetch || report.images.fetched ? <p className="mt-1 text-sm text-stone">{t("report.imagesProcessing")}</p> : null}
        <div className="mt-4 flex flex-wrap gap-3">
          {runnable ? (
            <Form method="post">
              <input type="hidden" name="upload" value={upload.id} />
              <input type="hidden" name="intent" value="run" />
              <SubmitButton pending={pending} pendingLabel={t("report.run")}>
                {t("report.run")}
              </SubmitButton>
            </Form>
          ) : null}
          {!done ? (
            <Form method="post">
              <input type="hidden" name="upload" value={upload.id} />
              <input type="hidden" name="intent" value="discard" />
              <button type="submit" className="btn btn-secondary">
                {t("report.discard")}
              </button>
            </Form>
          ) : (
            <Link to={href("/atelier/catalog/import")} className="btn btn-secondary">
              {t("report.again")}
            </Link>
          )}
        </div>
        {!done && !runnable && !report.fatal ? <p className="mt-3 text-sm text-sale">{t("report.nothingToRun")}</p> : null}
      </div>
      <IssueTable id="import-errors" title={t("report.errorsTitle")} caption={t("report.errorsCaption")} issues={report.errors} more={report.errorsNotListed} kind="issues" empty={t("report.none")} />
      {report.notes.length ? <IssueTable id="import-notes" title={t("report.notesTitle")} caption={t("report.notesCaption")} issues={report.notes} more={report.notesNotListed} kind="notes" /> : null}
      <Outcomes report={report} />
    </section>
  );
}

function IssueTable({ id, title, caption, issues, more, kind, empty }: { id: string; title: string; caption: string; issues: ImportIssue[]; more: number; kind: "issues" | "notes"; empty?: string }) {
  const { t } = useTranslation("atelier-import");
  const columns: Column<ImportIssue & { key: number }>[] = [
    { key: "line", header: t("report.line"), numeric: true, rowHeader: true, cell: (i) => i.line },
    { key: "handle", header: t("report.handle"), cell: (i) => <span className="break-words">{i.handle ?? "—"}</span> },
    {
      key: "reason",
      header: t("report.reason"),
      cell: (i) => {
        const params = { ...i.params, reason: i.params?.reason ? t(`imageFailures.${i.params.reason}` as never) : undefined };
        return String(t(`${kind}.${i.code}` as never, params as never));
      },
    },
  ];
  return (
    <div>
      <h3 id={id} className="mb-2 text-lg">
        {title}
      </h3>
      <DataTable caption={caption} captionHidden columns={columns} rows={issues.map((issue, key) => ({ ...issue, key }))} rowKey={(i) => i.key} empty={empty} />
      {more ? <p className="mt-2 text-sm text-stone">{t("report.more", { count: more })}</p> : null}
    </div>
  );
}

function Outcomes({ report }: { report: ImportReport }) {
  const { t } = useTranslation("atelier-import");
  const columns: Column<ImportReport["outcomes"][number]>[] = [
    { key: "line", header: t("report.line"), numeric: true, cell: (o) => o.line },
    { key: "handle", header: t("report.handle"), rowHeader: true, cell: (o) => <span className="break-words">{o.handle}</span> },
    { key: "outcome", header: t("report.outcome"), cell: (o) => t(`outcomes.${o.outcome}`) },
  ];
  if (!report.outcomes.length) return null;
  return (
    <div>
      <h3 className="mb-2 text-lg">{t("report.productsTitle")}</h3>
      <DataTable caption={t("report.productsCaption")} captionHidden columns={columns} rows={report.outcomes} rowKey={(o) => `${o.handle}:${o.line}`} />
      {report.outcomesNotListed ? <p className="mt-2 text-sm text-stone">{t("report.more", { count: report.outcomesNotListed })}</p> : null}
    </div>
  );
}

function ExportSection() {
  const { t } = useTranslation("atelier-import");
  const { href } = useLocale();
  return (
    <section aria-labelledby="catalog-export" className="border border-line bg-paper p-4">
      <h2 id="catalog-export" className="mb-2 text-xl">
        {t("export.title")}
      </h2>
      <p className="mb-4 max-w-prose text-sm text-stone">{t("export.intro")}</p>
      {/* A native post: the answer is a file to save, not a page for the router. */}
      <Form method="post" action={href("/atelier/catalog/export")} reloadDocument>
        <button type="submit" className="btn btn-secondary">
          {t("export.submit")}
        </button>
      </Form>
    </section>
  );
}

// A job under way: the page refreshes itself, without JavaScript.
export const meta: Route.MetaFunction = ({ data }) => [...atelierMeta(data?.title), ...(data?.refresh ? [{ httpEquiv: "refresh", content: String(data.refresh) }] : [])];

export const ErrorBoundary = AtelierErrorBoundary;
