import type { Route } from "./+types/api.backstock.create";
import { serverT } from "~/i18n/texts.server";
import { getRequestContext } from "~/middleware/request-context.server";
import { BackInStockSchema } from "~/modules/backstock/backstock.schema";
import { requestBackInStock } from "~/modules/backstock/backstock.service.server";
import { bodyHoneypot, bodyLocale, isChecked, jsonError, methodNotAllowed, readJsonObject, validationErrorResponse } from "~/utils/json-api.server";

// JSON back-in-stock request: { sku, email, language, privacy }. Answers { message } in the
// requested language: the success text, or the error (400 with `fields` for validation).
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  const locale = bodyLocale(body);
  const result = BackInStockSchema.safeParse({ ...body, privacy: isChecked(body.privacy) });
  if (!result.success) return validationErrorResponse(result.error, locale);
  const { db, clientIp } = getRequestContext(context);
  try {
    await requestBackInStock(db, { ...result.data, locale, clientIp, honeypot: bodyHoneypot(body) });
  } catch (error) {
    return jsonError(error, locale);
  }
  return Response.json({ message: serverT(locale, "catalog")("backstock.success") });
}

export const loader = methodNotAllowed;
