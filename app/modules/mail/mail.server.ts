import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { type Env, getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe…): ASCII values, passed to nodemailer as they are. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; without it, mail goes to outboxDir as .eml files. */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

export const SHOP_SENDER = "Bottega <negozio@bottega.example>";

/** Delivers through SMTP when a URL is configured, otherwise writes each message to the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(options.outboxDir, options.from);
}

let shared: Mailer | undefined;

/** The one mailer of this process, configured from the environment on first use. */
export function getMailer(env: Pick<Env, "SMTP_URL" | "MAIL_OUTBOX_DIR"> = getEnv()): Mailer {
  shared ??= createMailer({ smtpUrl: env.SMTP_URL, outboxDir: path.resolve(env.MAIL_OUTBOX_DIR), from: SHOP_SENDER });
  return shared;
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded waits (nodemailer's defaults reach minutes): a send must end well inside the outbox
  // worker's lease, or another worker could take the message and send it again.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      await transport.sendMail({ ...message, from });
    },
  };
}

// Development and tests without a mail server: the .eml files open in any mail client, and a
// log line says where each one went (the file only: recipients and subjects hold personal data).
function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, outboxFileName(new Date()));
      await fs.writeFile(file, info.message as Buffer, { flag: "wx" });
      log.info("mail written as a file", { file });
    },
  };
}

/** Sorts by time; the random part keeps two messages of the same millisecond apart. Never user input. */
function outboxFileName(at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
}
