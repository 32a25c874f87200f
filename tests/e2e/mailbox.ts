import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { readMessage } from "../support/mail";
import { MAIL_DIR } from "./e2e-env";

/**
 * The newest message the e2e server sent to `to` whose subject matches, as the shopper's mail
 * client would show it. The server's mail worker writes .eml files shortly after the change that
 * queued them: this polls until one arrives.
 */
export async function receivedMail(to: string, subject: RegExp): Promise<{ subject: string; text: string; html: string | undefined }> {
  let found: ReturnType<typeof readMessage> | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
        for (const file of files) {
          const raw = fs.readFileSync(path.join(MAIL_DIR, file), "utf8");
          if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(raw)) continue;
          const message = readMessage(raw);
          if (subject.test(message.subject)) {
            found = message;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
