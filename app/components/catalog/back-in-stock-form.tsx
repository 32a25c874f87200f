import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { useTranslation } from "~/hooks/use-translation";
import { Link, useFetcher, useLocation } from "react-router";
import { FieldError, SubmitButton } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";

export interface BackInStockActionData {
  result: SubmissionResult<string[]>;
  requested?: boolean;
}

/**
 * "Tell me when it is back" for a sold-out size. Posts to the product page's action: with
 * JavaScript through a fetcher (no navigation, focus moves to the message), without it as a
 * form post that comes back here with a notice. Validated on the server with the shared schema;
 * its errors show next to the fields with the typed values kept.
 */
export function BackInStockForm({ sku, size, actionData }: { sku: string; size: string; actionData?: BackInStockActionData }) {
  const { t } = useTranslation("catalog");
  const { t: tc } = useTranslation();
  const { locale, href } = useLocale();
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<BackInStockActionData>({ key: `backstock-${sku}` });
  const last = fetcher.data ?? actionData;
  const errors = last?.result.error ?? {};
  const initial = (last?.result.initialValue ?? {}) as Record<string, unknown>;
  const done = last?.requested === true;
  const status = useRef<HTMLParagraphElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const translate = (keys?: string[] | null) => keys?.map((key) => tc(key as never) as string);

  useEffect(() => {
    if (done && fetcher.data) {
      form.current?.reset();
      status.current?.focus();
    }
  }, [done, fetcher.data]);

  const emailError = translate(errors.email);
  const privacyError = translate(errors.privacy);
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
        {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
        <HoneypotField />
        <div>
          <label htmlFor="backstock-email" className="mb-1.5 block text-sm font-medium">
            {t("backstock.email")}
          </label>
          <input
            id="backstock-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={typeof initial.email === "string" ? initial.email : ""}
            key={done ? "sent" : "editing"}
            aria-invalid={emailError ? true : undefined}
            aria-describedby="backstock-email-error"
            className="field-input"
          />
          <FieldError id="backstock-email-error" errors={emailError} />
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input
              id="backstock-privacy"
              name="privacy"
              type="checkbox"
              value="on"
              defaultChecked={initial.privacy === "on"}
              key={done ? "sent" : "editing"}
              aria-invalid={privacyError ? true : undefined}
              aria-describedby="backstock-privacy-error"
              className="mt-0.5 size-5 shrink-0 accent-ink"
            />
            <label htmlFor="backstock-privacy" className="text-sm">
              {tc("newsletter.privacyBefore")}
              <Link to={href("/pages/Privacy-Policy")} className="underline">
                {tc("newsletter.privacyLink")}
              </Link>
              {tc("newsletter.privacyAfter")}
            </label>
          </div>
          <FieldError id="backstock-privacy-error" errors={privacyError} />
        </div>
        {last?.result.error?.[""]?.length ? (
          <p role="alert" className="text-sm text-sale">
            {last.result.error[""].join(" ")}
          </p>
        ) : null}
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
