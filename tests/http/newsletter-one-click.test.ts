// RFC 8058 one-click unsubscribe against the built server (server.ts's same-origin check): a mail
// client posts `List-Unsubscribe=One-Click` from nowhere (no cookie, a foreign or no Origin) to
// the List-Unsubscribe URL; with the mail's token in the query it passes and unsubscribes, without
// a token (or with a malformed one) it is refused 403 like any cross-site post, and a well-formed
// but forged token reaches the page only to be answered 410 with nothing changed. The exception is
// the HTTP half's, whatever the database: SQLite is enough here (the route's part runs on both
// databases in newsletter-opt-in.test.ts).
import http from "node:http";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "./built-server";

function send(port: number, { method = "POST", path, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers: { Host: `localhost:${port}`, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
    });
    req.on("error", reject);
    if (body !== undefined) req.setHeader("Content-Length", Buffer.byteLength(body));
    req.end(body);
  });
}

describe("one-click unsubscribe on the built server", () => {
  let server: BuiltServer;
  const own = () => `http://localhost:${server.port}`;
  const query = <T>(sql: string, ...params: unknown[]): T | undefined => {
    const db = new Database(server.databaseUrl.slice("file:".length), { readonly: true });
    try {
      return db.prepare(sql).get(...params) as T | undefined;
    } finally {
      db.close();
    }
  };
  const statusOf = (email: string) => query<{ status: string }>("select status from newsletter_subscriptions where email = ?", email)?.status;

  async function subscribed(email: string): Promise<string> {
    const posted = await send(server.port, { path: "/api/newsletter", headers: { "Content-Type": "application/json", Origin: own() }, body: JSON.stringify({ email, privacy: true, language: "it" }) });
    expect(posted.status).toBe(200);
    const mail = query<{ text_body: string }>("select text_body from mail_outbox where recipient = ? and template = 'newsletter-confirmation'", email)!;
    return /\/newsletter\/unsubscribe\?token=([\w.-]+)/.exec(mail.text_body)![1]!;
  }

  beforeAll(async () => {
    server = await startBuiltServer("sqlite");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const oneClick = { "Content-Type": "application/x-www-form-urlencoded" };
  const body = "List-Unsubscribe=One-Click";

  it("unsubscribes from a foreign origin, or none, with the mail's token", async () => {
    const first = await subscribed("uno@example.it");
    const foreign = await send(server.port, { path: `/newsletter/unsubscribe?token=${first}`, headers: { ...oneClick, Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" }, body });
    expect(foreign.status, foreign.body.slice(0, 500)).toBe(200);
    expect(foreign.headers["set-cookie"]).toBeUndefined();
    expect(statusOf("uno@example.it")).toBe("unsubscribed");

    const second = await subscribed("due@example.it");
    const bare = await send(server.port, { path: `/en/newsletter/unsubscribe?token=${second}`, headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n' });
    expect(bare.status).toBe(200);
    expect(statusOf("due@example.it")).toBe("unsubscribed");
  });

  it("refuses the same post without a token, with a malformed one, on another path or as a .data URL; a forged token is a 410", async () => {
    const token = await subscribed("tre@example.it");
    const foreign = { ...oneClick, Origin: "https://mail.example" };
    for (const path of ["/newsletter/unsubscribe", "/newsletter/unsubscribe?token=", "/newsletter/unsubscribe?token=12.short", `/newsletter/unsubscribe.data?token=${token}`, `/newsletter/confirm?token=${token}`, `/pages/newsletter?token=${token}`]) {
      const answer = await send(server.port, { path, headers: foreign, body });
      expect([path, answer.status]).toEqual([path, 403]);
    }
    const [id, mac] = token.split(".");
    const forged = await send(server.port, { path: `/newsletter/unsubscribe?token=${id}.${"B".repeat(mac!.length)}`, headers: foreign, body });
    expect(forged.status).toBe(410);
    expect(statusOf("tre@example.it")).toBe("pending");
  });
});
