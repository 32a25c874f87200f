import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { useTranslation } from "~/hooks/use-translation";
import { useFetcher, useLocation } from "react-router";
import { SubmitButton, EmailField, FormErrors, PrivacyConsentField, useConformKit } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { NewsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { LOCALES } from "~/utils/locale";

export interface NewsletterActionData {
  result: SubmissionResult<string[]>;
  subscribed?: boolean;
}

/**
 * The newsletter sign-up, in the footer and on /pages/newsletter. It posts to the newsletter
 * page's action: with JavaScript through a fetcher (no navigation; the form resets and focus
 * moves to the message), without it as a normal form post that comes back to the same page.
 */
export interface NewsletterFormProps {
  variant: "footer" | "page";
  actionData?: NewsletterActionData;
}

export default function NewsletterForm({ variant, actionData }: NewsletterFormProps) {
  const { t } = useTranslation();
  const { locale, href } = useLocale();
  const location = useLocation();
  const fetcher = useFetcher<NewsletterActionData>({ key: `newsletter-${variant}` });
  const lastResult = fetcher.data ?? actionData;
  const pending = fetcher.state !== "idle";
  const status = useRef<HTMLParagraphElement>(null);

  const [form, fields] = useForm({
    id: `newsletter-${variant}`,
    lastResult: lastResult?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewsletterSchema }),
  });

  const subscribed = lastResult?.subscribed === true;
  useEffect(() => {
    if (subscribed && fetcher.data) status.current?.focus();
  }, [subscribed, fetcher.data]);

  const kit = useConformKit(form, fields);
  const compact = variant === "footer";

  return (
    <fetcher.Form method="post" action={href("/pages/newsletter")} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="source" value={variant} />
      {/* Without JavaScript, success comes back here (post-redirect-get with a notice). */}
      {!kit.hydrated ? <input type="hidden" name="redirectTo" value={location.pathname + location.search} /> : null}
      {compact ? <input type="hidden" name="language" value={locale} /> : null}

      <HoneypotField />

      <EmailField kit={kit} label={t("newsletter.email")} hint={compact ? undefined : t("newsletter.emailHint")} />

      {compact ? null : (
        <div>
          <label htmlFor={fields.language.id} className="mb-1.5 block text-sm font-medium">
            {t("newsletter.language")}
          </label>
          <select name={fields.language.name} id={fields.language.id} key={fields.language.key} defaultValue={fields.language.initialValue ?? locale} className="field-input">
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
      )}

      <PrivacyConsentField kit={kit} />

      <FormErrors kit={kit} />

      <SubmitButton pending={pending} pendingLabel={t("newsletter.submitting")} className={compact ? "btn btn-primary w-full" : "btn btn-primary"}>
        {t("newsletter.submit")}
      </SubmitButton>

      <p ref={status} tabIndex={-1} role="status" className="text-sm font-medium text-success outline-none" data-testid={`newsletter-${variant}-status`}>
        {subscribed ? t("newsletter.success") : ""}
      </p>
    </fetcher.Form>
  );
}
