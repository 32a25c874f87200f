import type { Route } from "./+types/api.payments.webhook";
import { getRequestContext } from "~/middleware/request-context.server";
import { paymentProvider } from "~/modules/payment/payment.service.server";
import { handlePaymentEvent } from "~/modules/order/order-payment.service.server";
import { PaymentSignatureError } from "~/modules/payment/provider";
import { DomainError } from "~/utils/domain-error";
import { jsonError, methodNotAllowed } from "~/utils/json-api.server";
import { log } from "~/utils/log.server";

// POST /api/payments/webhook/{provider}: the provider's signed event, the truth about a payment.
// A bad or missing signature is a 400 (the provider retries a real one; a forger gets nothing);
// an event handled before is a 200 that changes nothing (providers deliver at least once).

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env } = getRequestContext(context);
  const provider = paymentProvider(env);
  if (params.provider !== provider.id) return jsonError(new DomainError("NOT_FOUND", "Unknown payment provider."), "it");
  const body = await request.text();
  let event;
  try {
    event = await provider.verifyWebhook(body, request.headers);
  } catch (error) {
    if (!(error instanceof PaymentSignatureError)) throw error;
    log.warn("payment webhook refused", { provider: provider.id, reason: error.message });
    return Response.json({ message: "Invalid signature." }, { status: 400 });
  }
  if (!event) return Response.json({ received: true, handled: false });
  const { result } = await handlePaymentEvent(db, provider, event);
  return Response.json({ received: true, result });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed({ request });
}
