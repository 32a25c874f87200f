import type { ReactNode } from "react";
import { FieldError, type FormKit, TextField } from "~/components/ui/form-kit";
import { FISCAL_CODE_MAX } from "~/modules/account/account.fields";

// The account forms' own fields. They live apart from the form kit so that the pages with a
// form of the kit (product, bag) do not carry them in their JavaScript.

/**
 * A password input: never refilled after a failed submit (the action hides it from its answer),
 * and `autoComplete` tells password managers whether to fill a saved one or offer a new one.
 */
export function PasswordField({ kit, name, label, hint, autoComplete }: { kit: FormKit; name: string; label: ReactNode; hint?: ReactNode; autoComplete: "current-password" | "new-password" }) {
  return <TextField kit={kit} name={name} label={label} hint={hint} type="password" autoComplete={autoComplete} required maxLength={128} />;
}

/** The person's codice fiscale, optional (registration and profile): a code, not words. */
export function FiscalCodeField({ kit, label, hint }: { kit: FormKit; label: ReactNode; hint: ReactNode }) {
  return <TextField kit={kit} name="fiscalCode" label={label} hint={hint} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={FISCAL_CODE_MAX} />;
}

/** Radio buttons in a radio group: the legend names the choice, the error follows the group. */
export function RadioGroupField({ kit, name, legend, options, required }: { kit: FormKit; name: string; legend: ReactNode; options: { value: string; label: ReactNode }[]; required?: boolean }) {
  const id = `${kit.id}-${name}`;
  const errors = kit.errors(name);
  const current = kit.value(name);
  // Without JavaScript the answer is a new page: the browser focuses the group's first choice.
  const focus = { autoFocus: !kit.hydrated && kit.firstInvalid === name ? true : undefined };
  return (
    <fieldset role="radiogroup" tabIndex={-1} aria-invalid={errors?.length ? true : undefined} aria-describedby={`${id}-error`} className="outline-none">
      <legend className="mb-1.5 block text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option, index) => (
          <label key={option.value} className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={name} value={option.value} key={kit.resetKey} defaultChecked={current === option.value} required={required} {...(index === 0 ? focus : {})} className="size-5 accent-ink" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}

/**
 * The account's email in a form that changes or checks its password, for password managers
 * (they file the password under it). Out of sight and out of the tab order, but a labelled,
 * read-only field: a text browser, which ignores `hidden` and CSS, shows it whole and named.
 */
export function AccountUsernameField({ id, email, label }: { id: string; email: string; label: ReactNode }) {
  return (
    <div className="sr-only">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="email" name="username" autoComplete="username" value={email} readOnly tabIndex={-1} size={Math.max(20, email.length)} />
    </div>
  );
}
