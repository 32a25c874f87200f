import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { SignInCard } from "~/components/atelier/sign-in-card";
import { PasswordField } from "~/components/account/account-fields";
import { SubmitButton, EmailField, FormErrors, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { StaffLoginSchema } from "~/modules/staff/staff.schema";
import { signInWithPassword } from "~/modules/staff/staff.service.server";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { atelierHref, atelierKey, atelierRedirectTarget, currentStaffSession, replaceStaffSession } from "./staff-context.server";

const HIDDEN = ["password"];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (currentStaffSession(context)?.signedIn) throw redirect(atelierHref(context, "/atelier"));
  const { tns } = getRequestContext(context);
  const target = new URL(request.url).searchParams.get("redirectTo");
  return { title: tns("atelier")("login.title"), redirectTo: target ? atelierRedirectTarget(context, target) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), StaffLoginSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: HIDDEN });
  let result: Awaited<ReturnType<typeof signInWithPassword>>;
  try {
    result = await signInWithPassword(db, { ...submission.value, clientIp, userAgent: request.headers.get("User-Agent") ?? "" }, atelierKey(context));
  } catch (error) {
    return formError(submission, error, { hideFields: HIDDEN });
  }
  await replaceStaffSession(context, result.token);
  const next = atelierHref(context, result.next === "enrol" ? "/atelier/login/enrol" : "/atelier/login/code");
  const target = submission.value.redirectTo ? atelierRedirectTarget(context, submission.value.redirectTo) : null;
  throw redirect(target ? `${next}?redirectTo=${encodeURIComponent(target)}` : next);
}

export const headers = privatePageHeaders;

export default function AtelierLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const formRef = useFormRef();
  const kit = useFormKit("atelier-login", actionData?.result, ["email", "password"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <SignInCard title={t("login.title")} intro={t("login.intro")}>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <FormErrors kit={kit} />
        <EmailField kit={kit} label={t("login.email")} />
        <PasswordField kit={kit} name="password" label={t("login.password")} autoComplete="current-password" />
        <SubmitButton pending={pending} pendingLabel={t("login.submitting")} className="btn btn-primary w-full">
          {t("login.submit")}
        </SubmitButton>
      </Form>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
