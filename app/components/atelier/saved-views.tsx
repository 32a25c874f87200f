import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { FormErrors, SubmitButton, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import { type SavedView, VIEW_NAME_MAX, type ViewArea, viewQuery } from "~/modules/views/saved-view.rules";

// A list's saved views (issue 42 part 5): the views as links above the filters (the one showing
// marked as the current page), and, in a disclosure, a form to save the list as it is filtered
// now under a name, and a delete button per view. Plain forms posting to the list's own route
// (app/routes/atelier/saved-views.server.ts); a refused name opens the disclosure with the message.

export function SavedViews({ area, views, result }: { area: ViewArea; views: SavedView[]; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("atelier");
  const { pathname, search } = useLocation();
  const pending = useNavigation().state === "submitting";
  const formRef = useFormRef();
  const kit = useFormKit(`views-${area}`, result, ["name"], formRef);
  const current = viewQuery(area, search);
  const failed = result?.status === "error";
  return (
    <div className="mb-3 flex flex-wrap items-start gap-x-4 gap-y-2 text-sm" data-testid="saved-views">
      {views.length ? (
        <nav aria-label={t("views.label")} className="flex flex-wrap items-center gap-1">
          <span className="mr-1 text-stone">{t("views.label")}:</span>
          <ul className="flex flex-wrap gap-1">
            {views.map((view) => (
              <li key={view.id}>
                <Link
                  to={`${pathname}${view.query ? `?${view.query}` : ""}`}
                  aria-current={view.query === current ? "page" : undefined}
                  className={`inline-flex min-h-9 items-center border px-3 ${view.query === current ? "border-ink bg-ink text-ivory" : "border-line bg-paper hover:bg-sand"}`}
                >
                  {view.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <details className="group" open={failed || undefined}>
        <summary className="inline-flex min-h-9 cursor-pointer items-center px-1 link">{t("views.manage")}</summary>
        <div className="mt-2 w-full max-w-md space-y-4 border border-line bg-paper p-3">
          <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-3" aria-label={t("views.saveLabel")}>
            <input type="hidden" name="intent" value="view-save" />
            <input type="hidden" name="query" value={current} />
            <FormErrors kit={kit} />
            <TextField kit={kit} name="name" label={t("views.name")} hint={t("views.nameHint")} required maxLength={VIEW_NAME_MAX} autoComplete="off" />
            <SubmitButton pending={pending} pendingLabel={t("views.saving")} className="btn btn-secondary">
              {t("views.save")}
            </SubmitButton>
          </Form>
          {views.length ? (
            <ul className="space-y-1 border-t border-line pt-3">
              {views.map((view) => (
                <li key={view.id} className="flex items-center justify-between gap-3">
                  <span className="truncate">{view.name}</span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="view-delete" />
                    <input type="hidden" name="viewId" value={view.id} />
                    <button type="submit" className="link inline-flex min-h-9 items-center text-sale" aria-label={t("views.deleteNamed", { name: view.name })}>
                      {t("views.delete")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </details>
    </div>
  );
}
