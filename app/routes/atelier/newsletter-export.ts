import type { Route } from "./+types/newsletter-export";
import { getAtelierContext } from "~/middleware/request-context.server";
import { subscribersForExport } from "~/modules/newsletter/newsletter.service.server";
import { csvResponse } from "~/utils/csv.server";
import { newsletterQuery } from "./inbox-query.server";
import { recordExport } from "./staff-context.server";

// The newsletter list's CSV: the same filters as the page (language, state), every matching row
// fetched a page at a time while the file streams. Column names stay English: a file for tools.
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const { filter } = newsletterQuery(new URL(request.url));
  await recordExport(context, viewer, { action: "export.newsletter-csv", entityType: "export", entityId: "newsletter", details: { language: filter.locale ?? null, status: filter.status ?? null } });
  const day = new Date().toISOString().slice(0, 10);
  const name = ["newsletter", filter.locale, filter.status, day].filter(Boolean).join("-");
  async function* rows() {
    for await (const s of subscribersForExport(db, filter)) {
      yield [s.email, s.language, s.status, s.source, s.consentAt, s.consentVersion, s.confirmedAt, s.unsubscribedAt, s.createdAt];
    }
  }
  return csvResponse(`${name}.csv`, ["email", "language", "status", "source", "consent_at", "consent_version", "confirmed_at", "unsubscribed_at", "created_at"], rows());
}
