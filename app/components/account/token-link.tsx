import type { ReactNode, RefObject } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/account/auth-card";
import { SubmitButton } from "~/components/ui/form-kit";
import { TOKEN_FIELD } from "~/utils/token-link";

// The page an e-mailed link lands on (app/utils/token-link.ts): the e-mail confirmation, the
// newsletter's confirmation and unsubscribe, the new password. Either its form (the token posted
// back, a button, the reset's fields between) or a message with the one way on.

/**
 * The page without a form: the link is gone (`alert`, in sale red), its work is done (`status`),
 * or there is nothing to do (`plain`); then a button to go on.
 */
export function TokenLinkMessage({ title, message, tone, to, label }: { title: string; message: ReactNode; tone: "alert" | "status" | "plain"; to: string; label: ReactNode }) {
  return (
    <AuthCard title={title}>
      <p role={tone === "plain" ? undefined : tone} className={tone === "alert" ? "mb-6 text-sale" : "mb-6"}>
        {message}
      </p>
      <Link to={to} className="btn btn-primary">
        {label}
      </Link>
    </AuthCard>
  );
}

/** The page's form: the token in its hidden field, any fields (`children`), the one button. */
export function TokenLinkForm({
  title,
  intro,
  token,
  submit,
  submitting,
  formRef,
  noValidate,
  children,
}: {
  title: string;
  intro: ReactNode;
  token: string;
  submit: ReactNode;
  submitting: string;
  formRef?: RefObject<HTMLFormElement | null>;
  noValidate?: boolean;
  children?: ReactNode;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title={title} intro={intro}>
      <Form method="post" ref={formRef} noValidate={noValidate} className="space-y-5" aria-labelledby="page-title">
        <input type="hidden" name={TOKEN_FIELD} value={token} />
        {children}
        <SubmitButton pending={pending} pendingLabel={submitting} className="btn btn-primary w-full">
          {submit}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
