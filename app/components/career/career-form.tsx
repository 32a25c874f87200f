import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { FieldError, Hint, SubmitButton } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { useTranslation } from "~/hooks/use-translation";
import { CAREER_LIMITS, CV_ACCEPT, CV_FIELD, DEPARTMENTS } from "~/modules/career/career.fields";

export interface CareerActionData {
  result: SubmissionResult<string[]>;
}

type FieldName = "firstName" | "lastName" | "email" | "phone" | "department" | "portfolio" | "message" | typeof CV_FIELD | "privacy";

/**
 * The "work with us" form: a multipart POST to this page, the same with and without JavaScript.
 * The server validates (no zod in the browser) and answers with the errors and the typed values,
 * or redirects back here with a notice. With JavaScript the page stays put, the chosen file
 * stays chosen, and focus moves to the first field to fix; without it, the first field to fix
 * has autofocus and the CV field says that the file must be chosen again.
 */
export function CareerForm({ actionData }: { actionData?: CareerActionData }) {
  const { t } = useTranslation("career");
  const { t: tc } = useTranslation();
  const { href } = useLocale();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);

  const result = actionData?.result;
  const errors = result?.error ?? {};
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: FieldName) => (typeof initial[name] === "string" ? (initial[name] as string) : "");
  // Keys name their namespace ("career:validation.cvType") or are common ones ("validation.required").
  const errorsOf = (name: FieldName) => errors[name]?.map((key) => tc(key as never) as string);
  const firstInvalid = (["firstName", "lastName", "email", "phone", "department", "portfolio", "message", "cv", "privacy"] as const).find(
    (name) => errors[name]?.length,
  );
  const formErrors = errors[""];

  // After a failed submit with JavaScript: focus the first field to fix (or the form's message).
  useEffect(() => {
    if (!result?.error) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
    target?.focus();
  }, [result]);

  // After a successful submit (the redirect back here, which carries no action data): empty the
  // form, file included. A failed submit keeps everything as typed.
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    if (!actionData) form.current?.reset();
  }, [location.key, actionData]);

  const field = (name: FieldName, hasHint = false) => {
    const invalid = Boolean(errors[name]?.length);
    return {
      id: `career-${name}`,
      name,
      "aria-invalid": invalid || undefined,
      "aria-describedby": [hasHint ? `career-${name}-hint` : null, `career-${name}-error`].filter(Boolean).join(" "),
      // Without JavaScript the answer is a new page: the browser focuses the first field to fix.
      autoFocus: !hydrated && firstInvalid === name ? true : undefined,
    };
  };

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
        <Field label={t("fields.firstName")} id="career-firstName" errors={errorsOf("firstName")}>
          <input {...field("firstName")} type="text" autoComplete="given-name" required maxLength={CAREER_LIMITS.name} defaultValue={value("firstName")} className="field-input" />
        </Field>
        <Field label={t("fields.lastName")} id="career-lastName" errors={errorsOf("lastName")}>
          <input {...field("lastName")} type="text" autoComplete="family-name" required maxLength={CAREER_LIMITS.name} defaultValue={value("lastName")} className="field-input" />
        </Field>
        <Field label={t("fields.email")} id="career-email" errors={errorsOf("email")}>
          <input
            {...field("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={CAREER_LIMITS.email}
            defaultValue={value("email")}
            className="field-input"
          />
        </Field>
        <Field label={t("fields.phone")} id="career-phone" hint={t("fields.phoneHint")} errors={errorsOf("phone")}>
          <input
            {...field("phone", true)}
            type="tel"
            autoComplete="tel"
            required
            maxLength={CAREER_LIMITS.phone}
            defaultValue={value("phone")}
            className="field-input"
          />
        </Field>
      </div>

      <Field label={t("fields.department")} id="career-department" errors={errorsOf("department")}>
        <select {...field("department")} required defaultValue={value("department")} className="field-input">
          <option value="">{t("fields.departmentPlaceholder")}</option>
          {DEPARTMENTS.map((department) => (
            <option key={department} value={department}>
              {t(`departments.${department}`)}
            </option>
          ))}
        </select>
      </Field>

      <Field label={t("fields.portfolio")} id="career-portfolio" hint={t("fields.portfolioHint")} errors={errorsOf("portfolio")}>
        <input
          {...field("portfolio", true)}
          type="url"
          autoComplete="url"
          inputMode="url"
          maxLength={CAREER_LIMITS.portfolio}
          placeholder="https://"
          defaultValue={value("portfolio")}
          className="field-input"
        />
      </Field>

      <Field label={t("fields.message")} id="career-message" hint={t("fields.messageHint")} errors={errorsOf("message")}>
        <textarea
          {...field("message", true)}
          required
          rows={6}
          maxLength={CAREER_LIMITS.message}
          defaultValue={value("message")}
          className="field-input resize-y"
        />
      </Field>

      <Field
        label={t("fields.cv")}
        id="career-cv"
        hint={
          <>
            {t("fields.cvHint")}
            {/* A failed submit without JavaScript is a new page: the file input starts empty (when
                the file itself was refused, its error already asks for another one). */}
            {result && !hydrated && !errors[CV_FIELD]?.length ? <span className="mt-1 block font-medium text-warning">{t("fields.cvAgain")}</span> : null}
          </>
        }
        errors={errorsOf("cv")}
      >
        <input
          {...field(CV_FIELD, true)}
          type="file"
          required
          accept={CV_ACCEPT}
          className="field-input cursor-pointer file:mr-4 file:cursor-pointer file:border file:border-ink file:bg-transparent file:px-4 file:py-1.5 file:text-xs file:font-semibold file:tracking-widest file:text-ink file:uppercase"
        />
      </Field>

      <div>
        <div className="flex items-start gap-3">
          <input
            {...field("privacy")}
            type="checkbox"
            value="on"
            required
            defaultChecked={initial.privacy === "on"}
            className="mt-0.5 size-5 shrink-0 accent-ink"
          />
          <label htmlFor="career-privacy" className="text-sm">
            {t("privacyBefore")}
            <Link to={href("/pages/Privacy-Policy")} className="underline">
              {t("privacyLink")}
            </Link>
            {t("privacyAfter")}
          </label>
        </div>
        <FieldError id="career-privacy-error" errors={errorsOf("privacy")} />
      </div>

      {formErrors?.length ? (
        <p role="alert" tabIndex={-1} data-form-error className="text-sm text-sale outline-none">
          {formErrors.join(" ")}
        </p>
      ) : null}

      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("submitting")} className="btn btn-primary w-full desk:w-auto">
        {t("submit")}
      </SubmitButton>
    </Form>
  );
}

/** Label above, hint below, error below that: linked to the control by its aria-describedby. */
function Field({ label, id, hint, errors, children }: { label: string; id: string; hint?: ReactNode; errors?: string[]; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
