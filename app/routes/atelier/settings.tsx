import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { SubmitButton, FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { getAtelierSettings, saveAtelierSettings } from "~/modules/settings/atelier-settings.service.server";
import { AtelierSettingsSchema } from "~/modules/staff/staff.schema";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, requireOwner, staffActor } from "./staff-context.server";

// The owner's settings: a staff member's largest refund (typed in euro), the low-stock
// threshold, how long job applications are kept. Saved with an audit entry (before and after).

export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db, tns } = getRequestContext(context);
  const settings = await getAtelierSettings(db);
  return {
    title: tns("atelier")("settings.title"),
    values: {
      staffRefundLimit: toEuroInput(settings.staffRefundLimitCents),
      lowStockThreshold: String(settings.lowStockThreshold),
      applicationRetentionMonths: String(settings.applicationRetentionMonths),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireOwner(context);
  const { db } = getRequestContext(context);
  const submission = parseForm(await readFormData(request), AtelierSettingsSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const { staffRefundLimit, lowStockThreshold, applicationRetentionMonths } = submission.value;
  try {
    await saveAtelierSettings(db, { staffRefundLimitCents: staffRefundLimit, lowStockThreshold, applicationRetentionMonths }, staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "settings.saved" });
  throw redirect(atelierHref(context, "/atelier/settings"));
}

export const headers = privatePageHeaders;

export default function AtelierSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const formRef = useFormRef();
  const kit = useFormKit("settings", actionData?.result, ["staffRefundLimit", "lowStockThreshold", "applicationRetentionMonths"], formRef);
  const pending = useNavigation().state === "submitting";
  // A failed post keeps what was typed; otherwise the stored values.
  const value = (name: keyof typeof loaderData.values) => (actionData?.result ? kit.value(name) : loaderData.values[name]);
  const keyed = { ...kit, value };
  return (
    <>
      <PageHeader title={t("settings.title")} description={t("settings.intro")} />
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="max-w-xl space-y-5" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <TextField kit={keyed} name="staffRefundLimit" label={t("settings.refundLimit")} hint={t("settings.refundLimitHint")} inputMode="decimal" required maxLength={20} />
        <TextField kit={keyed} name="lowStockThreshold" label={t("settings.lowStock")} hint={t("settings.lowStockHint")} inputMode="numeric" required maxLength={4} />
        <TextField kit={keyed} name="applicationRetentionMonths" label={t("settings.retention")} hint={t("settings.retentionHint")} inputMode="numeric" required maxLength={2} />
        <SubmitButton pending={pending} pendingLabel={t("settings.saving")}>
          {t("settings.submit")}
        </SubmitButton>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
