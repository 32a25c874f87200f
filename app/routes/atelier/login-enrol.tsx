import { Form, type RouterContextProvider, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-enrol";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { SignInCard } from "~/components/atelier/sign-in-card";
import { TotpQrCode } from "~/components/atelier/totp-qr-code";
import { SubmitButton, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { StaffCodeSchema } from "~/modules/staff/staff.schema";
import { type StaffSessionView, confirmEnrolment, enrolmentSecret } from "~/modules/staff/staff.service.server";
import { totpQrSvg, totpUri } from "~/modules/staff/totp.server";
import { isDomainError } from "~/utils/domain-error";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, atelierKey, currentStaffSession, rotatedStaffSession, signOutStaff } from "./staff-context.server";

/** The session enrolling its second factor (right after the password, or after accepting an invitation). */
async function enrollingSession(context: Readonly<RouterContextProvider>): Promise<StaffSessionView> {
  const session = currentStaffSession(context);
  if (!session) throw redirect(atelierHref(context, "/atelier/login"));
  if (session.signedIn) throw redirect(atelierHref(context, "/atelier"));
  if (!session.enrolling) throw redirect(atelierHref(context, "/atelier/login/code"));
  // The account enrolled from another sign-in after this one began: its offer is stale.
  if (session.staff.enrolled) throw await enrolledMeanwhile(context);
  return session;
}

/** Ends the session (its offered secret can never be used) and sends the person back to the login. */
async function enrolledMeanwhile(context: Readonly<RouterContextProvider>): Promise<Response> {
  await signOutStaff(context);
  addStaffNotice(context, { kind: "warning", key: "errors.alreadyEnrolled" });
  return redirect(atelierHref(context, "/atelier/login"));
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = await enrollingSession(context);
  const { db, tns } = getRequestContext(context);
  const secret = await enrolmentSecret(db, session.id, atelierKey(context));
  // Sealed under another SESSION_SECRET (changed meanwhile): start the sign-in again.
  if (!secret) throw redirect(atelierHref(context, "/atelier/login"));
  const uri = totpUri(secret, session.staff.email);
  return {
    title: tns("atelier")("enrol.title"),
    email: session.staff.email,
    // Groups of four, as authenticator apps show keys: easier to type.
    secret: secret.replace(/(.{4})/g, "$1 ").trim(),
    qrSvg: await totpQrSvg(uri),
    uri,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await enrollingSession(context);
  const { db, clientIp } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), StaffCodeSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: ["code"] });
  let token: string;
  try {
    ({ token } = await confirmEnrolment(db, { session, code: submission.value.code, clientIp, userAgent: request.headers.get("User-Agent") ?? "" }, atelierKey(context)));
  } catch (error) {
    if (isDomainError(error) && error.code === "STAFF_ALREADY_ENROLLED") throw await enrolledMeanwhile(context);
    return formError(submission, error, { hideFields: ["code"] });
  }
  rotatedStaffSession(context, token);
  addStaffNotice(context, { kind: "success", key: "notices.enrolled" });
  throw redirect(atelierHref(context, "/atelier/login/recovery-codes"));
}

export const headers = privatePageHeaders;

export default function AtelierEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const formRef = useFormRef();
  const kit = useFormKit("atelier-enrol", actionData?.result, ["code"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <SignInCard title={t("enrol.title")} intro={<p>{t("enrol.intro")}</p>}>
      <ol className="mb-6 list-decimal space-y-4 pl-5">
        <li>{t("enrol.step1")}</li>
        <li>
          <p className="mb-3">{t("enrol.step2")}</p>
          <TotpQrCode svg={loaderData.qrSvg} label={t("enrol.qrLabel")} />
          <dl className="mt-3">
            <dt className="text-sm font-medium">{t("enrol.secretLabel")}</dt>
            <dd className="mt-1 border border-line bg-paper px-3 py-2 font-mono text-base tracking-wider break-all" data-testid="totp-secret">
              {loaderData.secret}
            </dd>
          </dl>
          <p className="mt-1 text-sm text-stone">{t("enrol.secretHint")}</p>
          <p className="mt-2 text-sm">
            <a href={loaderData.uri} className="link">
              {t("enrol.openInApp")}
            </a>
          </p>
        </li>
        <li>{t("enrol.step3")}</li>
      </ol>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <TextField kit={kit} name="code" label={t("enrol.codeLabel")} autoComplete="one-time-code" inputMode="numeric" spellCheck={false} required maxLength={20} />
        <SubmitButton pending={pending} pendingLabel={t("enrol.submitting")} className="btn btn-primary w-full">
          {t("enrol.submit")}
        </SubmitButton>
      </Form>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
