import type { SubmissionResult } from "@conform-to/react";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { formatRomeShortDateTime } from "~/utils/dates";
import { NoteList } from "~/components/atelier/note-list";
import { NoteForm } from "./desk-forms";
import { Panel } from "./panel";
import type { DeskOrderView } from "./types";

/** The staff's internal notes on the order, and the form that adds one. */
export function NotesPanel({ notes, result }: { notes: DeskOrderView["notes"]; result: SubmissionResult<string[]> | undefined }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  return (
    <Panel id="notes" title={t("order.notes")}>
      {notes.length ? (
        <NoteList notes={notes} testId="desk-notes" />
      ) : (
        <p className="mb-4 text-sm text-stone">{t("order.notesEmpty")}</p>
      )}
      <NoteForm result={result} />
    </Panel>
  );
}

/** The order's audit trail: who did what, when. */
export function AuditPanel({ audit }: { audit: DeskOrderView["audit"] }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  const { locale } = useLocale();
  return (
    <Panel id="audit" title={t("order.audit")}>
      {audit.length ? (
        <ol className="space-y-1 text-sm" data-testid="desk-audit">
          {audit.map((entry) => (
            <li key={entry.id} className="min-w-0">
              <time dateTime={entry.at} className="block text-stone tabular-nums">
                {formatRomeShortDateTime(entry.at, locale)}
              </time>{" "}
              <span className="block [overflow-wrap:anywhere]">
                <span className="font-mono text-xs">{entry.action}</span> · {entry.actor}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone">{t("order.auditEmpty")}</p>
      )}
    </Panel>
  );
}
