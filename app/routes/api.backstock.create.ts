import type { RouterContextProvider } from "react-router";
import { resources } from "~/i18n/resources";
import { BackInStockSchema } from "~/modules/backstock/backstock.schema";
import { requestBackInStock } from "~/modules/backstock/backstock.service.server";
import { HONEYPOT_FIELD } from "~/modules/newsletter/newsletter.schema";
import { appContext } from "~/server/context.server";
import { type Locale, isLocale } from "~/utils/locale";

// Until the route is registered and typegen writes ./+types/api.backstock.create, the action
// names just what it uses of Route.ActionArgs.
type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

// JSON back-in-stock request: { sku, email, language, privacy }. Errors answer 400 with the
// message of each field in the requested language; `error` carries the first one for simple clients.
export async function action({ request, context }: ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = await request.json();
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    body = parsed as Record<string, unknown>;
  } catch {
    return Response.json({ error: "The body must be a JSON object" }, { status: 400 });
  }
  const locale: Locale = isLocale(body.language) ? body.language : "it";
  const texts = resources[locale];
  const result = BackInStockSchema.safeParse({ ...body, privacy: body.privacy === true || body.privacy === "true" || body.privacy === "on" });
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fields[key] ??= translateKey(texts.common, issue.message);
    }
    return Response.json({ error: Object.values(fields)[0], fields }, { status: 400 });
  }
  const { db, clientIp } = context.get(appContext);
  const outcome = await requestBackInStock(db, {
    ...result.data,
    locale,
    clientIp,
    honeypot: typeof body[HONEYPOT_FIELD] === "string" ? (body[HONEYPOT_FIELD] as string) : null,
  });
  const backstock = texts.catalog.backstock;
  switch (outcome.status) {
    case "unknown-sku":
      return Response.json({ error: backstock.unknownSku }, { status: 404 });
    case "in-stock":
      return Response.json({ error: backstock.inStock }, { status: 409 });
    case "rate-limited":
      return Response.json({ error: backstock.rateLimited }, { status: 429, headers: { "Retry-After": String(outcome.retryAfter) } });
    case "created":
      return Response.json({ message: backstock.success });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

function translateKey(texts: (typeof resources)["it"]["common"], key: string): string {
  const [group, name] = key.split(".") as [keyof typeof texts, string];
  const value = (texts[group] as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : key;
}
