import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/application";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { SubmitButton } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { getApplication, markApplicationHandled, monthsBefore } from "~/modules/career/applications.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatLongDate, formatRomeDateTime } from "~/utils/dates";
import { pageError, parseIntentForm, readFormData, requireValidForm } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { requireIdParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";
import { z } from "~/utils/zod";

/** The page's one button: "mark as handled". */
const ApplicationActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("handled") })]);

// One job application: what the applicant wrote, the CV as a download (application-cv.ts), when
// it will be erased, its history from the audit log, and "mark as handled" (a POST, audited).
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  let application: Awaited<ReturnType<typeof getApplication>>;
  try {
    application = await getApplication(db, id);
  } catch (error) {
    pageError(error);
  }
  const [{ applicationRetentionMonths }, history] = await Promise.all([getShopSettings(db), auditOfRecord(db, "application", id)]);
  // The hourly sweep erases it once it is older than the retention: the day it will be gone.
  const purgeOn = monthsBefore(new Date(application.receivedAt), -applicationRetentionMonths);
  return {
    title: tns("atelier-inbox")("applications.detailTitle", { id: String(id) }),
    application,
    purgeOn: purgeOn.toISOString(),
    cvUrl: atelierHref(context, `/atelier/applications/${id}/cv`),
    history: history.map((entry) => ({ id: entry.id, at: entry.at, actor: entry.actor, action: entry.action })),
    texts: pickTexts(locale, ["atelier-inbox", "career"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  requireValidForm(parseIntentForm(await readFormData(request), ApplicationActionSchema, ["handled"]));
  let changed: boolean;
  try {
    ({ changed } = await markApplicationHandled(db, id, staffActor(viewer)));
  } catch (error) {
    pageError(error);
  }
  addStaffNotice(context, { kind: "success", key: changed ? "atelier-inbox:applications.markedHandled" : "atelier-inbox:applications.alreadyHandled", values: { id: String(id) } });
  throw redirect(atelierHref(context, `/atelier/applications/${id}`), 303);
}

export const headers = privatePageHeaders;

export default function AtelierApplication({ loaderData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-inbox").t);
  const { t: tc } = useTranslation("career");
  const { locale, href } = useLocale();
  const pending = useNavigation().state === "submitting";
  const { application: a } = loaderData;
  const name = `${a.firstName} ${a.lastName}`;
  const size = a.cv ? (a.cv.sizeBytes < 1024 * 1024 ? `${Math.max(1, Math.round(a.cv.sizeBytes / 1024))} KB` : `${(a.cv.sizeBytes / (1024 * 1024)).toFixed(1)} MB`) : "";
  const rows: Array<[string, React.ReactNode]> = [
    [t("applications.email"), <a key="email" href={`mailto:${a.email}`} className="link break-all">{a.email}</a>],
    [t("applications.phone"), a.phone],
    [t("applications.department"), tc(`departments.${a.department}`)],
    [t("applications.website"), a.website ? <a key="site" href={a.website} className="link break-all" rel="noopener noreferrer nofollow" target="_blank">{a.website}</a> : "—"],
    [t("applications.language"), t(`newsletter.languages.${a.language}`)],
    [t("applications.receivedAt"), formatRomeDateTime(a.receivedAt, locale)],
    [t("applications.consentAt"), formatRomeDateTime(a.consentAt, locale)],
  ];
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/applications")} className="link">
          <span aria-hidden="true">← </span>
          {t("applications.back")}
        </Link>
      </p>
      <PageHeader
        title={`${t("applications.detailTitle", { id: a.id })}: ${name}`}
        description={t("applications.purgeOn", { date: formatLongDate(loaderData.purgeOn, locale) })}
        actions={
          a.handledAt ? (
            <StatusBadge tone="good">{t("applications.handledOn", { date: formatRomeDateTime(a.handledAt, locale) })}</StatusBadge>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="handled" />
              <SubmitButton pending={pending} pendingLabel={t("applications.markHandled")} className="btn btn-primary">
                {t("applications.markHandled")}
              </SubmitButton>
            </Form>
          )
        }
      />
      <div className="grid gap-8 desk:grid-cols-3">
        <section className="desk:col-span-2" aria-labelledby="application-message">
          <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-stone">{label}</dt>
                <dd className="min-w-0">{value}</dd>
              </div>
            ))}
          </dl>
          <h2 id="application-message" className="mb-2 text-xl">
            {t("applications.message")}
          </h2>
          <p className="border border-line bg-paper p-4 text-sm whitespace-pre-line">{a.message}</p>
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="application-cv">
            <h2 id="application-cv" className="mb-2 text-xl">
              {t("applications.cv")}
            </h2>
            {a.cv ? (
              <>
                <p className="mb-3 text-sm break-all">
                  {a.cv.fileName} · {size}
                </p>
                <a href={loaderData.cvUrl} className="btn btn-secondary" download>
                  {t("applications.download")}
                </a>
              </>
            ) : (
              <p className="text-sm text-stone">{t("applications.noCv")}</p>
            )}
          </section>
          <section aria-labelledby="application-history">
            <h2 id="application-history" className="mb-2 text-xl">
              {t("applications.history")}
            </h2>
            {loaderData.history.length ? (
              <ul className="space-y-1 text-sm">
                {loaderData.history.map((entry) => (
                  <li key={entry.id}>
                    <time dateTime={entry.at}>{formatRomeDateTime(entry.at, locale)}</time> · {entry.action} · {entry.actor}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone">—</p>
            )}
          </section>
        </aside>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
