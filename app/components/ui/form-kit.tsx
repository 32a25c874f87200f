import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";


// The shop's one form kit. Every form is validated on the server by conform with the zod
// schema its action shares (app/utils/form.server.ts) and answers conform's SubmissionResult:
// errors by field as translation keys, the typed values, form-level errors under "". This
// module reads that answer in the browser without loading zod or conform's client (the
// newsletter island adds client-side validation on top, through the same components):
// - errors are translated here, in one place ("validation.required", or "career:validation.x");
// - fields get a label above, hint and error below, aria-describedby and aria-invalid;
// - the typed values are kept; the first invalid field gets focus after a failed submit (with
//   JavaScript by focusing it, without by `autofocus` on the new page).

// The field primitives live here too (field.tsx only re-exports them): as two modules, a route
// importing one without the other split them into two chunks, which cost every page with a form
// about 0.2 KiB of gzipped JavaScript (docs/decisions/004).
/** Renders a field's error below it, in sale red with an icon; the id links it by aria-describedby. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <div id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-sale">
      <svg viewBox="0 0 16 16" className="mt-0.5 size-4 shrink-0" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5v4.2M8 11v.5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-stone">
      {children}
    </p>
  );
}

/** A real button with a loading state: spinner, aria-busy, disabled while loading. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  className = "btn btn-primary",
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending ? pendingLabel : children}
    </button>
  );
}

/** What an action returns for a form: conform's answer, plus `done` after a success that stays on the page. */
export interface FormActionData {
  result: SubmissionResult<string[]>;
  done?: boolean;
}

/** The state of one form, for its field components. */
export interface FormKit {
  /** Prefix of the fields' ids. */
  id: string;
  /** A field's errors, translated. */
  errors(name: string): string[] | undefined;
  /** The value the shopper typed (kept after a failed submit). */
  value(name: string): string;
  /** Whether a checkbox was ticked. */
  checked(name: string): boolean;
  /** Form-level errors, translated. */
  formErrors: string[] | undefined;
  /** The first field with an error, for autofocus without JavaScript. */
  firstInvalid: string | undefined;
  hydrated: boolean;
  /** Changes when the form must start empty again (after a success). */
  resetKey: string;
}

/** Resolves error keys: common.json by default, "ns:key" for another namespace; plain text passes through. */
export function useTranslateErrors() {
  const { t } = useTranslation();
  return (keys?: string[] | null) => (keys?.length ? keys.map((key) => t(key as never) as string) : undefined);
}

/** A kept value by field name; "shipping.street" names a field of a nested group (conform nests them). */
export function valueAt(values: Record<string, unknown>, name: string): unknown {
  if (name in values) return values[name];
  // "shipping.street", "lines[0].quantity": conform nests the values it sends back.
  return name.split(/\.|\[(\d+)\]\.?/).filter(Boolean).reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), values);
}

/**
 * Reads a form's last answer. `fields` lists the field names in page order (for the first
 * invalid one); `formRef` is the form element, focused into after a failed submit.
 */
export function useFormKit(id: string, result: SubmissionResult<string[]> | undefined, fields: readonly string[], formRef: RefObject<HTMLFormElement | null>, resetKey = ""): FormKit {
  const translate = useTranslateErrors();
  const hydrated = useHydrated();
  const errors = result?.status === "error" ? (result.error ?? {}) : {};
  const initial = (result?.status === "error" ? (result.initialValue ?? {}) : {}) as Record<string, unknown>;

  // After a failed submit with JavaScript: focus the first field to fix (or the form's message).
  useEffect(() => {
    if (result?.status !== "error") return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus();
  }, [result, formRef]);

  return {
    id,
    errors: (name) => translate(errors[name]),
    value: (name) => {
      const value = valueAt(initial, name);
      return typeof value === "string" ? value : "";
    },
    checked: (name) => valueAt(initial, name) === "on",
    formErrors: translate(errors[""]),
    firstInvalid: fields.find((name) => errors[name]?.length),
    hydrated,
    resetKey,
  };
}

/**
 * The same kit over a conform `useForm` (forms that also validate in the browser, such as the
 * newsletter island): conform's live errors and values, the same components and ids.
 */
export function useConformKit(
  form: { id: string; errors?: string[] },
  fields: Record<string, { errors?: string[]; initialValue?: unknown; key?: string | undefined }>,
): FormKit {
  const translate = useTranslateErrors();
  const hydrated = useHydrated();
  const names = Object.keys(fields);
  return {
    id: form.id,
    errors: (name) => translate(fields[name]?.errors),
    value: (name) => (typeof fields[name]?.initialValue === "string" ? (fields[name].initialValue as string) : ""),
    checked: (name) => fields[name]?.initialValue === "on",
    formErrors: translate(form.errors),
    firstInvalid: names.find((name) => fields[name]?.errors?.length),
    hydrated,
    // conform renews every field's key when the form resets (after a success).
    resetKey: names.map((name) => fields[name]?.key ?? "").join("|"),
  };
}

/** The props that tie a control to its label, hint and error. */
export function controlProps(kit: FormKit, name: string, { hint = false } = {}) {
  const id = `${kit.id}-${name}`;
  const invalid = Boolean(kit.errors(name)?.length);
  return {
    id,
    name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" "),
    // Without JavaScript the answer is a new page: the browser focuses the first field to fix.
    autoFocus: !kit.hydrated && kit.firstInvalid === name ? true : undefined,
  };
}

/** Label above, the control, hint below, error below that. */
export function Field({ kit, name, label, hint, children }: { kit: FormKit; name: string; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  const id = `${kit.id}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <FieldError id={`${id}-error`} errors={kit.errors(name)} />
    </div>
  );
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue">;

/** A text-like input (text, email, tel, url…) in a Field. */
export function TextField({ kit, name, label, hint, ...input }: { kit: FormKit; name: string; label: ReactNode; hint?: ReactNode } & InputProps) {
  return (
    <Field kit={kit} name={name} label={label} hint={hint}>
      <input type="text" {...input} {...controlProps(kit, name, { hint: Boolean(hint) })} key={kit.resetKey} defaultValue={kit.value(name)} className="field-input" />
    </Field>
  );
}

/** The shop's email field: the same type, autocomplete and keyboard everywhere. */
export function EmailField({ kit, name = "email", label, hint, maxLength = 254 }: { kit: FormKit; name?: string; label: ReactNode; hint?: ReactNode; maxLength?: number }) {
  return <TextField kit={kit} name={name} label={label} hint={hint} type="email" autoComplete="email" inputMode="email" required maxLength={maxLength} />;
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({ kit, name, label, required }: { kit: FormKit; name: string; label: ReactNode; required?: boolean }) {
  const props = controlProps(kit, name);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input {...props} key={kit.resetKey} type="checkbox" value="on" required={required} defaultChecked={kit.checked(name)} className="mt-0.5 size-5 shrink-0 accent-ink" />
        <label htmlFor={props.id} className="text-sm">
          {label}
        </label>
      </div>
      <FieldError id={`${props.id}-error`} errors={kit.errors(name)} />
    </div>
  );
}

/**
 * The privacy consent block of every public form: the spec's wording, a link to the policy, and
 * what the data is for (`purpose`, e.g. the career form's "for recruitment"; generic by default).
 */
export function PrivacyConsentField({ kit, name = "privacy", purpose }: { kit: FormKit; name?: string; purpose?: string }) {
  const { t } = useTranslation();
  const { href } = useLocale();
  return (
    <CheckboxField
      kit={kit}
      name={name}
      required
      label={
        <>
          {t("newsletter.privacyBefore")}
          <Link to={href("/pages/Privacy-Policy")} className="underline">
            {t("newsletter.privacyLink")}
          </Link>
          {purpose ?? t("newsletter.privacyAfter")}
        </>
      }
    />
  );
}

/** The form's own errors (a rate limit, a rule broken): announced, and focusable after a failed submit. */
export function FormErrors({ kit }: { kit: FormKit }) {
  if (!kit.formErrors?.length) return null;
  return (
    <p id={`${kit.id}-form-error`} role="alert" tabIndex={-1} data-form-error className="text-sm text-sale outline-none">
      {kit.formErrors.join(" ")}
    </p>
  );
}

/** A ref for the form element, for useFormKit's focus handling. */
export const useFormRef = () => useRef<HTMLFormElement>(null);
