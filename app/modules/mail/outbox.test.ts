import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "../../../tests/support/databases";
import { readMessage, startTestSmtpServer, unusedPort } from "../../../tests/support/mail";
import { type MailMessage, type Mailer, createMailer } from "./mail.server";
import { renderMail } from "./mail-template.server";
import { createMailWorker, defaultRetryDelayMs, describeSendError, wakeMailWorkers } from "./mail-worker.server";
import { MAIL_LEASE_MS, SENT_MAIL_RETENTION_MS, claimDueMail, enqueueMail, eraseMailOf, purgeSentMail, retryFailedMail, summarizeOutbox } from "./outbox.server";

const FROM = "Bottega <negozio@bottega.example>";
const T0 = new Date("2026-11-24T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("mail templates", () => {
  it("renders the subject, text and HTML in the recipient's language through i18next", () => {
    const url = "https://shop.example/en/products/aria?color=navy&size=M";
    const values = { product: "Aria cardigan", color: "Midnight blue", size: "M", url };
    const mail = renderMail({
      to: "emma@example.co.uk",
      locale: "en",
      subject: { key: "backInStock.subject", values },
      paragraphs: [[{ key: "backInStock.news", values }], [{ key: "backInStock.link", values, link: url }], [{ key: "backInStock.signature" }]],
    });
    expect(mail.subject).toBe("It's back: Aria cardigan");
    expect(mail.text).toBe(`Good news: Aria cardigan in Midnight blue, size M, is available again.\n\nYou'll find it here: ${url}\n\nSee you soon,\nBottega\n`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(
      '<p>You&#39;ll find it here: <a href="https://shop.example/en/products/aria?color=navy&amp;size=M">https://shop.example/en/products/aria?color=navy&amp;size=M</a></p>',
    );
    expect(mail.html).toContain("<p>See you soon,<br>\nBottega</p>");
  });

  it("escapes what people typed in the HTML, keeps it verbatim in the text, and never interpolates it", () => {
    const typed = 'Tom & <b>"Jerry"</b> {{url}}';
    const mail = renderMail({
      to: "hr@bottega.example",
      locale: "it",
      subject: { key: "career.hrSubject", values: { name: "Tom\r\nBcc: x@evil.example", department: "Atelier" } },
      paragraphs: [[{ key: "career.hrName", values: { name: typed } }], [{ verbatim: typed }]],
    });
    // A line break in a value cannot add a header.
    expect(mail.subject).toBe("Nuova candidatura: Tom Bcc: x@evil.example (Atelier)");
    expect(mail.text).toBe(`Nome: ${typed}\n\n${typed}\n`);
    expect(mail.html).toContain("<p>Nome: Tom &amp; &lt;b&gt;&quot;Jerry&quot;&lt;/b&gt; {{url}}</p>");
    expect(mail.html).not.toContain("<b>");
  });

  it("refuses a text that is missing rather than mailing its key", () => {
    expect(() => renderMail({ to: "a@example.it", locale: "it", subject: { key: "nope.nothing" as never }, paragraphs: [] })).toThrow(/missing/);
  });
});

describe("send errors", () => {
  it("keep the code and the SMTP status, and lose every address", () => {
    const error = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <giulia.rossi@example.it>: user unknown"), {
      code: "EENVELOPE",
      responseCode: 550,
    });
    const described = describeSendError(error);
    expect(described).toBe("EENVELOPE 550: Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: user unknown");
    expect(describeSendError("plain failure for mario@example.it")).toBe("plain failure for [address]");
  });

  it("wait longer after each failure, up to an hour", () => {
    expect([1, 2, 3, 8, 20].map(defaultRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});

describeEachDatabase("mail outbox", (ctx) => {
  beforeEach(async () => {
    await ctx().db.deleteFrom("mail_outbox").execute();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const message = (to: string) => ({ template: "test-message", locale: "it" as const, to, subject: "Una prova", text: "Ciao,\nprova.\n", html: "<p>Ciao,<br>prova.</p>" });

  async function queue(to: string, options: { now?: Date; claimedBy?: string } = {}): Promise<number> {
    return ctx().db.transaction().execute((trx) => enqueueMail(trx, message(to), { now: T0, ...options }));
  }

  function rows() {
    return ctx().db.selectFrom("mail_outbox").selectAll().orderBy("id").execute();
  }

  function collectingMailer(): Mailer & { sent: MailMessage[] } {
    const sent: MailMessage[] = [];
    return {
      sent,
      async send(mail) {
        // Yield, as a real send does, so that concurrent workers interleave.
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(mail);
      },
    };
  }

  /** Everything the process writes to its logs while `run` runs. */
  async function logsOf(run: () => Promise<unknown>): Promise<string> {
    const lines: string[] = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
    try {
      await run();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    return lines.join("");
  }

  it("keeps a message's extra headers and hands them to the mailer", async () => {
    const headers = { "List-Unsubscribe": "<https://shop.example/newsletter/unsubscribe?token=1.x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    await ctx()
      .db.transaction()
      .execute((trx) => enqueueMail(trx, { ...message("headers@example.it"), headers }, { now: T0 }));
    const mailer = collectingMailer();
    await createMailWorker(ctx().db, mailer).runOnce(T0);
    expect(mailer.sent.find((m) => m.to === "headers@example.it")?.headers).toEqual(headers);
    expect(mailer.sent.filter((m) => m.to !== "headers@example.it").every((m) => m.headers === undefined)).toBe(true);
  });

  it("queues a message with its transaction: a rollback leaves nothing, a commit leaves it pending", async () => {
    await expect(
      ctx()
        .db.transaction()
        .execute(async (trx) => {
          await enqueueMail(trx, message("giulia@example.it"), { now: T0 });
          throw new Error("the change failed");
        }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toEqual([]);

    const id = await queue("giulia@example.it");
    expect(await rows()).toEqual([
      expect.objectContaining({
        id,
        template: "test-message",
        recipient: "giulia@example.it",
        subject: "Una prova",
        text_body: "Ciao,\nprova.\n",
        html_body: "<p>Ciao,<br>prova.</p>",
        status: "pending",
        attempts: 0,
        next_attempt_at: T0.toISOString(),
        claimed_by: null,
        sent_at: null,
      }),
    ]);
  });

  it("keeps a message while the SMTP server is down, with a retry scheduled, and sends it when the server is back", async () => {
    const port = await unusedPort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent", from: FROM });
    const worker = createMailWorker(ctx().db, mailer);
    const address = "giulia.rossi@example.it";
    const id = await queue(address);

    const downLogs = await logsOf(async () => expect(await worker.runOnce(T0)).toEqual({ sent: 0, retrying: 1, failed: 0 }));
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, next_attempt_at: at(defaultRetryDelayMs(1)).toISOString(), claimed_by: null, sent_at: null });
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);
    expect(downLogs).toContain(`"outboxId":${id}`);
    expect(downLogs).not.toContain(address);

    // Not due yet: nothing is tried.
    expect(await worker.runOnce(at(defaultRetryDelayMs(1) - 1))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await rows())[0].attempts).toBe(1);

    const smtp = await startTestSmtpServer({ port });
    try {
      const upLogs = await logsOf(async () => expect(await worker.runOnce(at(defaultRetryDelayMs(1)))).toEqual({ sent: 1, retrying: 0, failed: 0 }));
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual([address]);
      expect(readMessage(smtp.received[0].raw)).toEqual({ subject: "Una prova", text: "Ciao,\nprova.", html: "<p>Ciao,<br>prova.</p>" });
      expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2, last_error: null, claimed_by: null, lease_until: null });
      expect((await rows())[0].sent_at).not.toBeNull();
      expect(upLogs).toContain(`"outboxId":${id}`);
      expect(upLogs).not.toContain(address);
      // Sent is sent: a later run sends nothing again.
      expect(await worker.runOnce(at(3_600_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("gives up after the last attempt and keeps the message as failed, without the address in the error", async () => {
    let calls = 0;
    const rejecting: Mailer = {
      async send(mail) {
        calls++;
        throw Object.assign(new Error(`550 5.1.1 <${mail.to}>: mailbox unavailable`), { responseCode: 550 });
      },
    };
    const worker = createMailWorker(ctx().db, rejecting, { maxAttempts: 3 });
    await queue("nessuno@example.it");
    const logs = await logsOf(async () => {
      expect(await worker.runOnce(T0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await worker.runOnce(at(30_000))).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await worker.runOnce(at(30_000 + 60_000))).toEqual({ sent: 0, retrying: 0, failed: 1 });
      expect(await worker.runOnce(at(86_400_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    });
    expect(calls).toBe(3);
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "failed", attempts: 3, recipient: "nessuno@example.it", last_error: "550: 550 5.1.1 <[address]>: mailbox unavailable" });
    expect(logs).toContain("giving up");
    expect(logs).not.toContain("nessuno@example.it");
  });

  it("summarises the outbox without recipients, and retries failed messages on request", async () => {
    const failing = createMailWorker(ctx().db, { send: () => Promise.reject(new Error("535 authentication failed for negozio@bottega.example")) }, { maxAttempts: 1 });
    const first = await queue("uno@example.it");
    const second = await queue("due@example.it");
    await logsOf(() => failing.runOnce(T0));
    await queue("tre@example.it", { now: at(1000) });

    const summary = await summarizeOutbox(ctx().db);
    expect(summary).toMatchObject({ pending: 1, sent: 0, failed: 2 });
    expect(summary.failures.map((f) => [f.id, f.template, f.attempts, f.last_error])).toEqual([
      [first, "test-message", 1, "535 authentication failed for [address]"],
      [second, "test-message", 1, "535 authentication failed for [address]"],
    ]);
    expect(JSON.stringify(summary)).not.toMatch(/@example\.it/);

    expect(await retryFailedMail(ctx().db, { ids: [first], now: at(2000) })).toBe(1);
    const mailer = collectingMailer();
    expect(await createMailWorker(ctx().db, mailer).runOnce(at(2000))).toMatchObject({ sent: 2 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["uno@example.it", "tre@example.it"]);
    expect(await retryFailedMail(ctx().db, { now: at(3000) })).toBe(1);
    expect(await summarizeOutbox(ctx().db)).toMatchObject({ pending: 1, sent: 2, failed: 0 });
  });

  it("delivers each message exactly once when two workers run at the same time", async () => {
    const smtp = await startTestSmtpServer();
    try {
      const recipients = Array.from({ length: 30 }, (_, i) => `cliente${i}@example.it`);
      for (const to of recipients) await queue(to);
      // Two workers as two app processes would run them: own mailers, small batches, in parallel.
      const workers = [0, 1].map(() =>
        createMailWorker(ctx().db, createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, outboxDir: "/nonexistent", from: FROM }), { batchSize: 4 }),
      );
      const drain = async (worker: (typeof workers)[number]) => {
        let sent = 0;
        for (;;) {
          const report = await worker.runOnce(at(1000));
          if (report.sent === 0) return sent;
          sent += report.sent;
        }
      };
      const sentBy = await Promise.all(workers.map(drain));
      expect(sentBy[0] + sentBy[1]).toBe(30);
      expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...recipients].sort());
      expect((await rows()).every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("lets another worker take a message once a crashed worker's lease has run out", async () => {
    await queue("luca@example.it");
    // A worker claims it and dies before sending.
    expect(await claimDueMail(ctx().db, "crashed-worker", { now: T0, limit: 10 })).toBe(1);
    const mailer = collectingMailer();
    const worker = createMailWorker(ctx().db, mailer);
    expect(await worker.runOnce(at(MAIL_LEASE_MS - 1))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await worker.runOnce(at(MAIL_LEASE_MS))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(["luca@example.it"]);
  });

  it("leaves a message queued for one worker to that worker while its lease runs", async () => {
    const owner = collectingMailer();
    const other = collectingMailer();
    const ownerWorker = createMailWorker(ctx().db, owner);
    const otherWorker = createMailWorker(ctx().db, other);
    await queue("sara@example.it", { claimedBy: ownerWorker.id });
    await queue("paolo@example.it");
    expect(await otherWorker.runOnce(at(1000))).toMatchObject({ sent: 1 });
    expect(other.sent.map((m) => m.to)).toEqual(["paolo@example.it"]);
    expect(await ownerWorker.deliverClaimed(at(2000))).toMatchObject({ sent: 1 });
    expect(owner.sent.map((m) => m.to)).toEqual(["sara@example.it"]);
  });

  it("sends at once when woken after an enqueue, without waiting for the next poll", async () => {
    const mailer = collectingMailer();
    // A poll interval far beyond the test's timeout: only the wake-up can deliver in time.
    const worker = createMailWorker(ctx().db, mailer, { pollIntervalMs: 3_600_000 });
    worker.start();
    try {
      await ctx().db.transaction().execute((trx) => enqueueMail(trx, message("marta@example.it")));
      wakeMailWorkers();
      await expect.poll(() => mailer.sent.map((m) => m.to)).toEqual(["marta@example.it"]);
    } finally {
      await worker.stop();
    }
    expect((await rows())[0].status).toBe("sent");
  });

  it("purges sent messages after the retention period, and keeps pending and failed ones", async () => {
    await queue("vecchio@example.it");
    await createMailWorker(ctx().db, collectingMailer()).runOnce(T0);
    await queue("fallito@example.it");
    await createMailWorker(ctx().db, { send: () => Promise.reject(new Error("no")) }, { maxAttempts: 1 }).runOnce(T0);
    expect(await purgeSentMail(ctx().db, T0)).toBe(0);

    // A worker purges as it runs: a month on, the old message goes, the one it sends now stays.
    await queue("nuovo@example.it", { now: at(SENT_MAIL_RETENTION_MS) });
    await createMailWorker(ctx().db, collectingMailer()).runOnce(at(SENT_MAIL_RETENTION_MS + 1));
    expect((await rows()).map((row) => [row.recipient, row.status])).toEqual([
      ["fallito@example.it", "failed"],
      ["nuovo@example.it", "sent"],
    ]);
  });

  it("erases the mail to and about an address, never the mail of a longer address that contains it", async () => {
    const notice = (about: string) => ({ ...message("hr@example.it"), template: "career-hr-notice", text: `Candidatura di ${about}`, html: `<p>Candidatura di ${about}</p>`, about });
    await queue("lisa@x.it");
    await queue("elisa@x.it");
    await queue("LISA@x.it.example");
    await ctx().db.transaction().execute(async (trx) => {
      await enqueueMail(trx, notice("Lisa@x.it"), { now: T0 });
      await enqueueMail(trx, notice("elisa@x.it"), { now: T0 });
    });
    await createMailWorker(ctx().db, collectingMailer()).runOnce(T0);
    await eraseMailOf(ctx().db, "LISA@X.IT");
    expect((await rows()).map((row) => [row.recipient, row.about_email])).toEqual([
      ["elisa@x.it", null],
      ["LISA@x.it.example", null],
      ["hr@example.it", "elisa@x.it"],
    ]);
  });

  it("keeps an erased person's mail still to be delivered until it is sent, or fails for good, then drops it", async () => {
    await queue("lisa@x.it");
    await queue("lisa@x.it");
    await queue("elisa@x.it");
    await eraseMailOf(ctx().db, "lisa@x.it");
    expect((await rows()).map((row) => [row.recipient, row.status, row.erase_after_delivery])).toEqual([
      ["lisa@x.it", "pending", 1],
      ["lisa@x.it", "pending", 1],
      ["elisa@x.it", "pending", 0],
    ]);
    const mailer = collectingMailer();
    let calls = 0;
    await createMailWorker(ctx().db, { send: (mail) => (++calls === 2 ? Promise.reject(new Error("no")) : mailer.send(mail)) }, { maxAttempts: 1 }).runOnce(T0);
    expect(mailer.sent.map((mail) => mail.to)).toEqual(["lisa@x.it", "elisa@x.it"]);
    expect((await rows()).map((row) => [row.recipient, row.status])).toEqual([["elisa@x.it", "sent"]]);
  });
});
