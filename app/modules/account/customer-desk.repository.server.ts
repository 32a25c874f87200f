import { type Kysely, sql } from "kysely";
import { containsEveryWord } from "~/db/contains-words.server";
import type { Database } from "~/db/schema";

// Atelier's customer desk: the queries over accounts that the shop itself never needs (a list of
// everyone, searched and sorted). A search is a substring match, any case, on the name and the
// address: no B-tree serves "%rossi%", so the query walks the accounts in the order asked
// (primary key, or the indexes of migration 20261201050000) and stops one row past the page:
// a common word fills the page after a few rows, a rare one reads the table once.

export type CustomerSort = "newest" | "oldest" | "name" | "email" | "last-login";

export interface CustomerListRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  lastLoginAt: string | null;
}

/** One page of accounts and one row more (so the caller knows whether a next page exists). */
export async function selectCustomers(db: Kysely<Database>, query: { words: string[]; sort: CustomerSort; limit: number; offset: number }): Promise<CustomerListRow[]> {
  let q = db
    .selectFrom("users")
    .select(["id", "email", "first_name as firstName", "last_name as lastName", "created_at as createdAt", "last_login_at as lastLoginAt"]);
  if (query.words.length) q = q.where((eb) => containsEveryWord(eb, [sql.ref("first_name"), sql.ref("last_name"), sql.ref("email_key")], query.words));
  switch (query.sort) {
    case "oldest":
      q = q.orderBy("id", "asc");
      break;
    case "name":
      q = q.orderBy("last_name").orderBy("first_name").orderBy("id");
      break;
    case "email":
      q = q.orderBy("email_key");
      break;
    case "last-login":
      q = q.orderBy("last_login_at", (ob) => ob.desc().nullsLast()).orderBy("id", "desc");
      break;
    default:
      q = q.orderBy("id", "desc");
  }
  return q.limit(query.limit + 1).offset(query.offset).execute();
}
