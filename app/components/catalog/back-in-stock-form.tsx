import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { SubmitButton, EmailField, type FormActionData, FormErrors, PrivacyConsentField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";

const FIELDS = ["email", "privacy"] as const;

/**
 * "Tell me when it is back" for a sold-out size. Posts to the product page's action: with
 * JavaScript through a fetcher (no navigation, focus moves to the message), without it as a
 * form post that comes back here with a notice. Validated on the server with the shared schema;
 * its errors show next to the fields with the typed values kept.
 */
export function BackInStockForm({ sku, size, actionData }: { sku: string; size: string; actionData?: FormActionData }) {
  const { t } = useTranslation("catalog");
  const { locale } = useLocale();
  const location = useLocation();
  const fetcher = useFetcher<FormActionData>({ key: `backstock-${sku}` });
  const last = fetcher.data ?? actionData;
  const done = last?.done === true;
  const form = useFormRef();
  const kit = useFormKit("backstock", last?.result, FIELDS, form, done ? "sent" : "editing");
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (done && fetcher.data) status.current?.focus();
  }, [done, fetcher.data]);

  return (
    <section aria-labelledby="backstock-title" className="border border-line bg-paper p-5" data-testid="back-in-stock">
      <h2 id="backstock-title" className="mb-1 font-display text-2xl">
        {t("backstock.title")}
      </h2>
      <p className="mb-4 text-sm text-stone">{t("backstock.intro", { size })}</p>
      <fetcher.Form ref={form} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="backstock" />
        <input type="hidden" name="sku" value={sku} />
        <input type="hidden" name="language" value={locale} />
        {kit.hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
        <HoneypotField />
        <EmailField kit={kit} label={t("backstock.email")} />
        <PrivacyConsentField kit={kit} />
        <FormErrors kit={kit} />
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("backstock.submitting")} className="btn btn-secondary w-full">
          {t("backstock.submit")}
        </SubmitButton>
        <p ref={status} tabIndex={-1} role="status" className="text-sm font-medium text-success outline-none" data-testid="back-in-stock-status">
          {done ? t("backstock.success") : ""}
        </p>
      </fetcher.Form>
    </section>
  );
}
