import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { isUniqueViolation } from "~/db/errors.server";
import { DomainError } from "~/utils/domain-error";
import * as repo from "./saved-view.repository.server";
import { type SavedView, VIEWS_PER_AREA, type ViewArea, viewQuery } from "./saved-view.rules";

// Saved views (issue 42 part 5): named filters of Atelier's orders, customers and products,
// shared by every member who may open the list ("Da spedire", "Bonifici in attesa"). Saving one
// keeps the list's own parameters only (viewQuery); a name is unique in its list, whatever its
// case; a list keeps VIEWS_PER_AREA at most. Both writes are audited. Who may save or delete a
// list's views is who may open the list (the route checks the area against the member's access).

export async function viewsOf(db: Kysely<Database>, area: ViewArea): Promise<SavedView[]> {
  const rows = await repo.listViews(db, area, VIEWS_PER_AREA);
  return rows.map((row) => ({ id: row.id, name: row.name, query: row.query }));
}

export async function saveView(db: Kysely<Database>, input: { area: ViewArea; name: string; query: string }, actor: AuditActor, now = new Date()): Promise<number> {
  const query = viewQuery(input.area, input.query);
  const nameKey = input.name.toLowerCase();
  const taken = () => new DomainError("VIEW_NAME_TAKEN", `A view of ${input.area} is already called ${input.name}.`, { field: "name" });
  try {
    return await db.transaction().execute(async (trx) => {
      if (await repo.findViewByNameKey(trx, input.area, nameKey)) throw taken();
      if ((await repo.countViews(trx, input.area)) >= VIEWS_PER_AREA) throw new DomainError("VIEWS_FULL", `The ${input.area} list has ${VIEWS_PER_AREA} views already.`, { field: "name" });
      const id = await repo.insertView(trx, { area: input.area, name: input.name, name_key: nameKey, query, staff_id: actor.kind === "staff" ? actor.staffId : null, created_at: now.toISOString() });
      await recordAudit(trx, { actor, action: "view.save", entityType: "view", entityId: id, after: { area: input.area, name: input.name, query }, summary: input.name, at: now });
      return id;
    });
  } catch (error) {
    // Two members saving the same name at once: the index tells the second.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Deletes a view of the given list; a view of another list, or none, is the page's 404. */
export async function deleteView(db: Kysely<Database>, area: ViewArea, viewId: number, actor: AuditActor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const view = await repo.findView(trx, viewId);
    if (!view || view.area !== area) throw new DomainError("NOT_FOUND", `No view ${viewId} of ${area}.`);
    await repo.deleteView(trx, viewId);
    await recordAudit(trx, { actor, action: "view.delete", entityType: "view", entityId: viewId, before: { area: view.area, name: view.name, query: view.query }, summary: view.name, at: now });
  });
}
