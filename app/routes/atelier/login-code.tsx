import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-code";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { SignInCard } from "~/components/atelier/sign-in-card";
import { SubmitButton, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { StaffCodeSchema } from "~/modules/staff/staff.schema";
import { type StaffSessionView, verifySecondFactor } from "~/modules/staff/staff.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import type { RouterContextProvider } from "react-router";
import { addStaffNotice, atelierHref, atelierKey, atelierRedirectTarget, currentStaffSession, rotatedStaffSession } from "./staff-context.server";

/** The session waiting for its code: else on to the page where this sign-in stands. */
function pendingSession(context: Readonly<RouterContextProvider>): StaffSessionView {
  const session = currentStaffSession(context);
  if (!session) throw redirect(atelierHref(context, "/atelier/login"));
  if (session.signedIn) throw redirect(atelierHref(context, "/atelier"));
  if (session.enrolling) throw redirect(atelierHref(context, "/atelier/login/enrol"));
  return session;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  pendingSession(context);
  const target = new URL(request.url).searchParams.get("redirectTo");
  return { title: getRequestContext(context).tns("atelier")("code.title"), redirectTo: target ? atelierRedirectTarget(context, target) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = pendingSession(context);
  const { db, clientIp } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), StaffCodeSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: ["code"] });
  let result: Awaited<ReturnType<typeof verifySecondFactor>>;
  try {
    result = await verifySecondFactor(db, { session, code: submission.value.code, clientIp, userAgent: request.headers.get("User-Agent") ?? "" }, atelierKey(context));
  } catch (error) {
    return formError(submission, error, { hideFields: ["code"] });
  }
  rotatedStaffSession(context, result.token);
  addStaffNotice(context, { kind: result.recoveryCodeUsed ? "warning" : "success", key: result.recoveryCodeUsed ? "notices.recoveryUsed" : "notices.signedIn", values: result.recoveryCodeUsed ? { count: String(result.recoveryCodesLeft) } : undefined });
  throw redirect(atelierRedirectTarget(context, submission.value.redirectTo));
}

export const headers = privatePageHeaders;

export default function AtelierLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("atelier-code", actionData?.result, ["code"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <SignInCard title={t("code.title")} intro={t("code.intro")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <FormErrors kit={kit} />
        <TextField kit={kit} name="code" label={t("code.label")} hint={t("code.hint")} autoComplete="one-time-code" spellCheck={false} autoCapitalize="none" required maxLength={20} />
        <SubmitButton pending={pending} pendingLabel={t("code.submitting")} className="btn btn-primary w-full">
          {t("code.submit")}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={href("/atelier/login")} className="link">
          {t("code.restart")}
        </Link>
      </p>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
