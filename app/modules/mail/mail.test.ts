import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ReceivedMail, mailBody as body, mailHeader as header, readMessage, startTestSmtpServer } from "../../../tests/support/mail";
import { createMailer, getMailer } from "./mail.server";

const FROM = "Bottega <negozio@bottega.example>";
const message = {
  to: "giulia@example.it",
  subject: "È tornato: Cardigan in lana",
  text: "Ciao Giulia,\nil tuo cardigan è di nuovo disponibile: https://bottega.example/products/cardigan-in-lana?color=blu&size=M",
};

describe("mailer over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let received: ReceivedMail[];
  let port: number;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ({ received, port } = smtp);
  });

  afterAll(() => smtp.close());

  it("delivers the message to the SMTP server with sender, recipient, subject and body", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", from: FROM });
    await mailer.send(message);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe("negozio@bottega.example");
    expect(mail.to).toEqual(["giulia@example.it"]);
    expect(header(mail.raw, "To")).toBe("giulia@example.it");
    expect(header(mail.raw, "From")).toBe(FROM);
    expect(header(mail.raw, "Subject")).toBe("È tornato: Cardigan in lana");
    expect(body(mail.raw)).toBe(message.text);
  });
});

describe("a newsletter mail's headers over SMTP", () => {
  it("carry List-Unsubscribe and List-Unsubscribe-Post as given (RFC 8058)", async () => {
    const smtp = await startTestSmtpServer();
    try {
      const url = "https://bottega.example/newsletter/unsubscribe?token=12.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
      const headers = { "List-Unsubscribe": `<${url}>, <mailto:negozio@bottega.example?subject=unsubscribe>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
      await createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, outboxDir: "/nonexistent", from: FROM }).send({ ...message, headers });
      // Long header lines may be folded: unfold before reading.
      const raw = smtp.received[0]!.raw.replace(/\r?\n[ \t]+/g, " ");
      expect(header(raw, "List-Unsubscribe")).toBe(headers["List-Unsubscribe"]);
      expect(header(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    } finally {
      await smtp.close();
    }
  });
});

describe("mailer without SMTP", () => {
  let outboxDir: string;

  beforeEach(async () => {
    outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "bottega-mail-")), "outbox");
  });
  afterEach(async () => {
    await fs.rm(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it("writes one .eml file per message into the outbox, creating the folder", async () => {
    const mailer = createMailer({ outboxDir, from: FROM });
    await mailer.send(message);
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    // The name comes from the clock and a random id, never from the message.
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const raw = await fs.readFile(path.join(outboxDir, files[0]), "utf8");
    expect(header(raw, "To")).toBe("giulia@example.it");
    expect(header(raw, "Subject")).toBe("È tornato: Cardigan in lana");
    expect(body(raw)).toBe(message.text);
  });

  it("logs where each file went, and neither the recipient nor the subject", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((line) => lines.push(String(line)) > 0);
    try {
      await createMailer({ outboxDir, from: FROM }).send({ ...message, html: "<p>Ciao Giulia</p>" });
    } finally {
      spy.mockRestore();
    }
    const logged = lines.join("");
    expect(logged).toContain(outboxDir);
    expect(logged).not.toContain("giulia@example.it");
    expect(logged).not.toContain("Cardigan");
  });

  it("sends the HTML part next to the text", async () => {
    await createMailer({ outboxDir, from: FROM }).send({ ...message, html: "<p>Ciao Giulia</p>" });
    const [file] = await fs.readdir(outboxDir);
    const raw = await fs.readFile(path.join(outboxDir, file), "utf8");
    expect(readMessage(raw)).toEqual({ subject: message.subject, text: message.text, html: "<p>Ciao Giulia</p>" });
  });

  it("keeps messages sent in the same instant apart", async () => {
    const mailer = createMailer({ outboxDir, from: FROM });
    await Promise.all([mailer.send(message), mailer.send(message), mailer.send(message)]);
    expect(await fs.readdir(outboxDir)).toHaveLength(3);
  });
});

describe("getMailer", () => {
  it("gives the same mailer on every call", () => {
    expect(getMailer({ SMTP_URL: undefined, MAIL_OUTBOX_DIR: "data/outbox" })).toBe(getMailer({ SMTP_URL: undefined, MAIL_OUTBOX_DIR: "data/outbox" }));
  });
});
