import type { Route } from "./+types/account-export";
import { getRequestContext } from "~/middleware/request-context.server";
import { exportAccountData } from "~/modules/account/account-data.service.server";
import { DomainError } from "~/utils/domain-error";
import { jsonError } from "~/utils/json-api.server";
import { requireAccountHolder } from "./login-redirect.server";
import { cacheControl } from "~/utils/cache-policy";

// "Download my data" (GDPR arts. 15 and 20): everything the shop keeps about the account holder,
// as a JSON file. A GET that reads and changes nothing; the account layout's middleware has
// already sent anyone else to /login.
export async function loader({ context, request }: Route.LoaderArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db } = getRequestContext(context);
  const document = await exportAccountData(db, userId);
  if (!document) return jsonError(new DomainError("NOT_FOUND", `no account ${userId}`), getRequestContext(context).locale);
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="bottega-dati-${document.exportedAt.slice(0, 10)}.json"`,
      ...cacheControl("private"),
    },
  });
}
