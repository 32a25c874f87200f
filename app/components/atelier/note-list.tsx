import { useLocale } from "~/hooks/use-locale";
import { formatRomeShortDateTime } from "~/utils/dates";

/** Staff's notes, newest first: who, when, what (an order's, a customer's). */
export function NoteList({ notes, testId, className = "mb-4 space-y-3 text-sm" }: { notes: { id: number; author: string; body: string; createdAt: string }[]; testId: string; className?: string }) {
  const { locale } = useLocale();
  return (
    <ol className={className} data-testid={testId}>
      {notes.map((note) => (
        <li key={note.id} className="border-l-2 border-line pl-3">
          <p className="text-xs text-stone">
            {note.author} · {formatRomeShortDateTime(note.createdAt, locale)}
          </p>
          <p className="whitespace-pre-line">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}
