import { data, redirect } from "react-router";
import type { Route } from "./+types/career";
import { pickTexts } from "~/i18n/resources";
import { CareerForm, type CareerActionData } from "~/components/career/career-form";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { CareerApplicationSchema } from "~/modules/career/career.schema";
import { admitCareerAttempt, submitJobApplication } from "~/modules/career/career.service.server";
import { checkCv, readForm } from "~/modules/career/career-upload.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, honeypotValue, parseForm } from "~/utils/form.server";
import { localizePath } from "~/utils/locale";
import { seoMeta } from "~/utils/seo";
import { pageHeaders } from "~/utils/cache-policy";

const PAGE = "/pages/career";

export async function loader({ context }: Route.LoaderArgs) {
  const { env, locale, tns } = getRequestContext(context);
  const t = tns("career");
  return {
    title: t("pageTitle"),
    description: t("metaDescription"),
    path: localizePath(PAGE, locale),
    origin: env.PUBLIC_URL,
    texts: pickTexts(locale, ["career"]),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, locale, session, href } = getRequestContext(context);

  // Every attempt counts toward the limit, refused ones included, and is counted before the body
  // is read: past the limit nothing more is uploaded (the answer closes the connection).
  try {
    await admitCareerAttempt(db, clientIp);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refusal({ "": [error.messageKey] }, {}, error.status, { ...error.headers, Connection: "close" });
  }

  // The body is read as a stream: never request.formData(), which would hold all of it.
  const form = await readForm(request);
  if (form.status === "malformed") return refusal({ "": ["career:malformed"] }, {}, 400);
  // The file's first bytes were no CV: the fields read are kept; a body left unread closes the connection.
  if (form.status === "refused") {
    return refusal({ cv: ["career:validation.cvType"] }, Object.fromEntries(form.fields), 400, form.complete ? {} : { Connection: "close" });
  }
  // Past the request limit the browser may still be sending: answer, then close the connection.
  const headers: HeadersInit = form.bodyTruncated ? { Connection: "close" } : {};
  // The CV passed its limit: refused there, the rest of the body unread (the fields after it are
  // missing, so only the file's error is said), 413.
  if (form.file?.truncated) return refusal({ cv: ["career:validation.cvTooLarge"] }, Object.fromEntries(form.fields), 413, headers);

  const formData = new FormData();
  for (const [name, value] of form.fields) formData.append(name, value);
  const submission = parseForm(formData, CareerApplicationSchema);
  const cv = await checkCv(form.file);
  if (submission.status !== "success" || !cv.ok) {
    const result = submission.reply(cv.ok ? {} : { fieldErrors: { cv: [cv.error] } });
    return data<CareerActionData>({ result }, { status: 400, headers });
  }

  try {
    await submitJobApplication(db, { ...submission.value, cv: cv.cv, locale, honeypot: honeypotValue(formData) });
  } catch (error) {
    return formError(submission, error);
  }
  // Post-redirect-get, with and without JavaScript: the shell shows the notice.
  await session.addFlash({ kind: "success", key: "career:success" });
  throw redirect(href(PAGE));
}

/** The form back with errors the schema did not find (no submission to reply with): the values read are kept. */
function refusal(error: Record<string, string[]>, initialValue: Record<string, string>, status: number, headers: HeadersInit = {}) {
  return data<CareerActionData>({ result: { status: "error", initialValue, error } }, { status, headers });
}

/**
 * A document's headers come from here, not from the action's answer: keep the two the action
 * sets, Retry-After (the rate limit) and Connection: close (a body left unread).
 */
export const headers = pageHeaders("page", { passOn: ["Retry-After", "Connection"] });

export default function CareerPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("career");
  return (
    <section className="container-page grid gap-10 py-12 desk:grid-cols-12 desk:py-16" aria-labelledby="page-title">
      <div className="desk:col-span-5">
        <div className="desk:sticky desk:top-28">
          <p className="eyebrow mb-4">{t("eyebrow")}</p>
          <h1 id="page-title" className="mb-5 text-5xl desk:text-6xl">
            {t("pageTitle")}
          </h1>
          <p className="mb-10 text-lg text-stone">{t("intro")}</p>
          <h2 className="mb-4 text-2xl">{t("howTitle")}</h2>
          <ol className="space-y-4">
            {(["step1", "step2", "step3"] as const).map((step, index) => (
              <li key={step} className="flex gap-4">
                <span aria-hidden="true" className="font-display text-2xl leading-none text-terracotta">
                  {index + 1}
                </span>
                <span>{t(step)}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <div className="bg-paper p-5 shadow-sm desk:col-span-6 desk:col-start-7 desk:p-10">
        <CareerForm actionData={actionData} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? seoMeta({
        title: `${data.title} | Bottega`,
        description: data.description,
        path: data.path,
        origin: data.origin,
        alternates: { it: PAGE, en: localizePath(PAGE, "en") },
      })
    : [];

export const ErrorBoundary = RouteErrorBoundary;
