import type { ReactNode } from "react";
import { type FormKit } from "~/components/ui/form-kit";
import { TextAreaField } from "~/components/atelier/editor-kit";
import { useTranslation } from "~/hooks/use-translation";

/**
 * A Markdown text in an Atelier editor, with its preview. The preview button posts the whole form
 * with `intent=preview`: the action renders the texts on the server with the storefront's own
 * renderer (app/modules/content/markdown.server.ts), saves nothing, and answers the typed values
 * back, so the preview is exactly what shoppers will see and works without JavaScript.
 * `previewHtml` is that renderer's output (raw HTML escaped): safe to insert.
 */
export function MarkdownField({
  kit,
  name,
  label,
  previewHtml,
  rows = 10,
  maxLength,
  required,
  lang,
}: {
  kit: FormKit;
  name: string;
  label: ReactNode;
  previewHtml?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  /** The language of the text, when it differs from the page's. */
  lang?: string;
}) {
  const { t } = useTranslation("atelier");
  return (
    <div className="space-y-2">
      <TextAreaField kit={kit} name={name} label={label} hint={t("markdown.hint")} rows={rows} maxLength={maxLength} required={required} lang={lang} />
      <button type="submit" name="intent" value="preview" formNoValidate className="btn btn-secondary text-sm">
        {t("markdown.preview")}
      </button>
      {previewHtml !== undefined ? (
        <section aria-label={t("markdown.previewOf", { field: typeof label === "string" ? label : name })} className="rounded border border-line bg-white p-4">
          {previewHtml ? <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: previewHtml }} /> : <p className="text-sm text-stone">{t("markdown.empty")}</p>}
        </section>
      ) : null}
    </div>
  );
}
