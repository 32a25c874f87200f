import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/accept-invite";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { SignInCard } from "~/components/atelier/sign-in-card";
import { AccountUsernameField, PasswordField } from "~/components/account/account-fields";
import { SubmitButton, EmailField, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { StaffAcceptSchema } from "~/modules/staff/staff.schema";
import { acceptInvite, findOpenInvite } from "~/modules/staff/staff.service.server";
import { DomainError } from "~/utils/domain-error";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { atelierHref, atelierKey, replaceStaffSession } from "./staff-context.server";

// The first owner's set-up link (printed at start while no staff exists) and an invitation's
// link (e-mailed, or printed by `npm run staff -- invite`): the person chooses a name and a
// password (an address too, for the set-up link), then goes on to enrol the second factor.
// The page only reads; the post uses the link up.

const HIDDEN = ["password", "confirmPassword"];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, tns } = getRequestContext(context);
  const t = tns("atelier");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invite = await findOpenInvite(db, token);
  if (!invite) return data({ title: t("setup.invalidTitle"), invite: null, token: "" }, { status: 410 });
  return { title: invite.kind === "setup" ? t("setup.titleSetup") : t("setup.titleInvite"), invite, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), StaffAcceptSchema);
  if (submission.status !== "success") return invalidForm(submission, { hideFields: HIDDEN });
  const { token, email, name, password } = submission.value;
  const invite = await findOpenInvite(db, token);
  try {
    if (!invite) throw new DomainError("STAFF_INVITE_INVALID", "invite unknown, used or expired");
    if (invite.kind === "setup" && !email) return data({ result: submission.reply({ fieldErrors: { email: ["validation.required"] }, hideFields: HIDDEN }) }, { status: 400 });
    const result = await acceptInvite(db, { token, email, name, password, clientIp, userAgent: request.headers.get("User-Agent") ?? "" }, atelierKey(context));
    await replaceStaffSession(context, result.token);
  } catch (error) {
    return formError(submission, error, { hideFields: HIDDEN });
  }
  throw redirect(atelierHref(context, "/atelier/login/enrol"));
}

export const headers = privatePageHeaders;

export default function AtelierAcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit("atelier-accept", actionData?.result, ["email", "name", "password", "confirmPassword"], formRef);
  const pending = useNavigation().state === "submitting";
  const { invite } = loaderData;
  if (!invite) {
    return (
      <SignInCard title={t("setup.invalidTitle")} intro={<p>{t("setup.invalidText")}</p>}>
        <Link to={href("/atelier/login")} className="btn btn-secondary">
          {t("setup.toLogin")}
        </Link>
      </SignInCard>
    );
  }
  const isSetup = invite.kind === "setup";
  return (
    <SignInCard
      title={isSetup ? t("setup.titleSetup") : t("setup.titleInvite")}
      intro={<p>{isSetup ? t("setup.introSetup") : t("setup.introInvite", { role: t(`roles.${invite.role}`).toLowerCase() })}</p>}
    >
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
        <input type="hidden" name="token" value={loaderData.token} />
        <FormErrors kit={kit} />
        {isSetup ? (
          <EmailField kit={kit} label={t("setup.email")} />
        ) : (
          <>
            <p className="text-sm">
              <span className="font-medium">{t("setup.email")}:</span> {invite.email}
            </p>
            <AccountUsernameField id="atelier-accept-username" email={invite.email ?? ""} label={t("setup.email")} />
          </>
        )}
        <TextField kit={kit} name="name" label={t("setup.name")} autoComplete="name" required maxLength={100} />
        <PasswordField kit={kit} name="password" label={t("setup.password")} hint={t("setup.passwordHint")} autoComplete="new-password" />
        <PasswordField kit={kit} name="confirmPassword" label={t("setup.confirmPassword")} autoComplete="new-password" />
        <SubmitButton pending={pending} pendingLabel={t("setup.submitting")} className="btn btn-primary w-full">
          {t("setup.submit")}
        </SubmitButton>
      </Form>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
