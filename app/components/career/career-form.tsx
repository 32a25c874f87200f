import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { SubmitButton, EmailField, Field, type FormActionData, FormErrors, PrivacyConsentField, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { useTranslation } from "~/hooks/use-translation";
import { CAREER_LIMITS, CV_ACCEPT, CV_FIELD, DEPARTMENTS } from "~/modules/career/career.fields";

export type CareerActionData = FormActionData;

const FIELDS = ["firstName", "lastName", "email", "phone", "department", "portfolio", "message", CV_FIELD, "privacy"] as const;

/**
 * The "work with us" form: a multipart POST to this page, the same with and without JavaScript.
 * The server validates (no zod in the browser) and answers with the errors and the typed values,
 * or redirects back here with a notice. With JavaScript the page stays put, the chosen file
 * stays chosen, and focus moves to the first field to fix; without it, the first field to fix
 * has autofocus and the CV field says that the file must be chosen again.
 */
export function CareerForm({ actionData }: { actionData?: CareerActionData }) {
  const { t } = useTranslation("career");
  const navigation = useNavigation();
  const location = useLocation();
  const form = useFormRef();
  const result = actionData?.result;
  const kit = useFormKit("career", result, FIELDS, form);

  // After a successful submit (the redirect back here, which carries no action data): empty the
  // form, file included. A failed submit keeps everything as typed.
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    if (!actionData) form.current?.reset();
  }, [location.key, actionData, form]);

  return (
    <Form ref={form} method="post" encType="multipart/form-data" noValidate className="space-y-6" aria-labelledby="career-form-title">
      <div>
        <h2 id="career-form-title" className="mb-2 text-3xl">
          {t("formTitle")}
        </h2>
        <p className="text-sm text-stone">{t("formIntro")}</p>
      </div>

      <HoneypotField />

      <div className="grid gap-6 desk:grid-cols-2">
        <TextField kit={kit} name="firstName" label={t("fields.firstName")} autoComplete="given-name" required maxLength={CAREER_LIMITS.name} />
        <TextField kit={kit} name="lastName" label={t("fields.lastName")} autoComplete="family-name" required maxLength={CAREER_LIMITS.name} />
        <EmailField kit={kit} label={t("fields.email")} maxLength={CAREER_LIMITS.email} />
        <TextField kit={kit} name="phone" label={t("fields.phone")} hint={t("fields.phoneHint")} type="tel" autoComplete="tel" required maxLength={CAREER_LIMITS.phone} />
      </div>

      <Field kit={kit} name="department" label={t("fields.department")}>
        <select {...controlProps(kit, "department")} required defaultValue={kit.value("department")} className="field-input">
          <option value="">{t("fields.departmentPlaceholder")}</option>
          {DEPARTMENTS.map((department) => (
            <option key={department} value={department}>
              {t(`departments.${department}`)}
            </option>
          ))}
        </select>
      </Field>

      <TextField
        kit={kit}
        name="portfolio"
        label={t("fields.portfolio")}
        hint={t("fields.portfolioHint")}
        type="url"
        autoComplete="url"
        inputMode="url"
        maxLength={CAREER_LIMITS.portfolio}
        placeholder="https://"
      />

      <Field kit={kit} name="message" label={t("fields.message")} hint={t("fields.messageHint")}>
        <textarea {...controlProps(kit, "message", { hint: true })} required rows={6} maxLength={CAREER_LIMITS.message} defaultValue={kit.value("message")} className="field-input resize-y" />
      </Field>

      <Field
        kit={kit}
        name={CV_FIELD}
        label={t("fields.cv")}
        hint={
          <>
            {t("fields.cvHint")}
            {/* A failed submit without JavaScript is a new page: the file input starts empty (when
                the file itself was refused, its error already asks for another one). */}
            {result && !kit.hydrated && !kit.errors(CV_FIELD)?.length ? <span className="mt-1 block font-medium text-warning">{t("fields.cvAgain")}</span> : null}
          </>
        }
      >
        <input
          {...controlProps(kit, CV_FIELD, { hint: true })}
          type="file"
          required
          accept={CV_ACCEPT}
          className="field-input cursor-pointer file:mr-4 file:cursor-pointer file:border file:border-ink file:bg-transparent file:px-4 file:py-1.5 file:text-xs file:font-semibold file:tracking-widest file:text-ink file:uppercase"
        />
      </Field>

      <PrivacyConsentField kit={kit} purpose={t("privacyAfter")} />

      <FormErrors kit={kit} />

      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("submitting")} className="btn btn-primary w-full desk:w-auto">
        {t("submit")}
      </SubmitButton>
    </Form>
  );
}
