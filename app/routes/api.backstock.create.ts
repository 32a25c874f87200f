import type { Route } from "./+types/api.backstock.create";
import { resources } from "~/i18n/resources";
import { BackInStockSchema } from "~/modules/backstock/backstock.schema";
import { requestBackInStock } from "~/modules/backstock/backstock.service.server";
import { appContext } from "~/server/context.server";
import { bodyHoneypot, bodyLocale, isChecked, methodNotAllowed, readJsonObject, validationErrorResponse } from "~/utils/json-api.server";

// JSON back-in-stock request: { sku, email, language, privacy }. Errors answer 400 with the
// message of each field in the requested language; `error` carries the first one for simple clients.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const result = BackInStockSchema.safeParse({ ...body, privacy: isChecked(body.privacy) });
  if (!result.success) return validationErrorResponse(result.error, locale);
  const { db, clientIp } = context.get(appContext);
  const outcome = await requestBackInStock(db, { ...result.data, locale, clientIp, honeypot: bodyHoneypot(body) });
  const backstock = resources[locale].catalog.backstock;
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

export const loader = methodNotAllowed;
