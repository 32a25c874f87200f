import type { AuditRecord, AuditValues } from "~/modules/audit/audit.service.server";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { formatRomeShortDateTime } from "~/utils/dates";

/** A value of the log as a person reads it: text as it is, yes/no, lists joined, nothing as a dash. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) return value.map(readable).join(", ");
  return JSON.stringify(value);
}

/** Who acted: the staff member's e-mail, or the command line, the shop itself, or someone not signed in (a failed sign-in). */
export function AuditActorName({ actor }: { actor: string }) {
  const { t } = useTranslation("atelier");
  if (actor === "cli") return <>{t("audit.cli")}</>;
  if (actor === "system") return <>{t("audit.system")}</>;
  if (actor === "visitor") return <>{t("audit.visitor")}</>;
  return <>{actor}</>;
}

/** The fields an entry changed: one row each, the value before and after. */
export function AuditChanges({ before, after }: { before: AuditValues | null; after: AuditValues | null }) {
  const { t } = useTranslation("atelier");
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!fields.length) return <span className="text-stone">{t("audit.none")}</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {fields.map((field) => (
        <div key={field} className="contents">
          <dt className="font-medium">{field}</dt>
          <dd className="break-words">
            {before && field in before ? (
              <>
                {/* <del> and <ins> take no name (aria-label): the word is hidden text inside. */}
                <del className="text-stone">
                  <span className="sr-only">{`${t("audit.before")}: `}</span>
                  {readable(before[field])}
                </del>{" "}
                <span aria-hidden="true">→</span>{" "}
              </>
            ) : null}
            <ins className="no-underline">
              <span className="sr-only">{`${t("audit.after")}: `}</span>
              {after && field in after ? readable(after[field]) : "—"}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A record's history for its page in Atelier (an order, a customer, an application): the entries
 * auditOfRecord returns, newest first, with who, when, what and the values before and after.
 */
export function AuditTrail({ entries, title }: { entries: AuditRecord[]; title?: string }) {
  const { t } = useTranslation("atelier");
  const { locale } = useLocale();
  return (
    <section aria-labelledby="audit-trail-title" className="mt-8">
      <h2 id="audit-trail-title" className="mb-3 text-2xl">
        {title ?? t("audit.trailTitle")}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-stone">{t("audit.trailEmpty")}</p>
      ) : (
        <ol className="divide-y divide-line border border-line bg-paper text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-3 py-2 sm:grid-cols-[12rem_1fr]">
              {/* A long e-mail address wraps inside its column rather than running over the changes. */}
              <div className="min-w-0 break-words">
                <time dateTime={entry.at} className="block text-stone">
                  {formatRomeShortDateTime(entry.at, locale)}
                </time>
                <AuditActorName actor={entry.actor} />
              </div>
              <div>
                <p className="font-mono text-xs">{entry.action}</p>
                <AuditChanges before={entry.before} after={entry.after} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
