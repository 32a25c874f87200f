import { createHmac } from "node:crypto";
import { getEnv } from "~/utils/env.server";

// A discount code's use is counted per customer by e-mail address (spec: max uses per customer).
// An erasure removes the address from the use, so the count must survive without it: each use
// also keeps a keyed hash of the address. Keyed (HMAC) so that the column cannot be reversed by
// hashing a list of addresses without the shop's secret; the key is derived from SESSION_SECRET
// for this one purpose. Changing SESSION_SECRET forgets who used which code after an erasure
// (decision 018).

let key: Buffer | undefined;

/** The keyed hash of an address, as discount_redemptions.email_hash holds it (case and spaces ignored). */
export function customerEmailKey(email: string): string {
  key ??= createHmac("sha256", getEnv().SESSION_SECRET).update("bottega:discount-redemption-email").digest();
  return createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}
