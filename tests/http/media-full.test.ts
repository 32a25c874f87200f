// A full disk under the media store (issue 37, item 21), on the built server and both databases:
// the store's writes fail with ENOSPC (tests/support/media-full.mjs, loaded into the server). A
// photograph's upload is answered at the file's field with "spazio esaurito sul server" (507),
// the rest of the form kept, nothing stored, the failure logged as what it is (not as an
// unhandled error); /readyz answers 503 with `media: false` and /metrics shows the store not
// writable and the refused write, until the disk has room again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../support/databases";
import { jpeg, uploadForm } from "../support/photo-upload";
import { signInBuiltServerStaff } from "../support/staff";
import { type BuiltServer, builtServerClient, startBuiltServer } from "./built-server";
import { type DatabaseHandle, openDatabase } from "~/db/connection.server";

const PRELOAD = fileURLToPath(new URL("../support/media-full.mjs", import.meta.url));
const TOKEN = "metrics-token-for-the-media-test-0123456789";

for (const kind of DIALECTS) {
  describe(`a full disk under the media store [${kind}]`, () => {
    let server: BuiltServer;
    let client: ReturnType<typeof builtServerClient>;
    let handle: DatabaseHandle;
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-media-full-"));
    const marker = `${mediaDir}.full`;

    beforeAll(async () => {
      server = await startBuiltServer(kind, {
        logLevel: "info",
        env: { MEDIA_DIR: mediaDir, MEDIA_FULL_MARKER: marker, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${PRELOAD}`.trim(), METRICS_TOKEN: TOKEN },
      });
      client = builtServerClient(server);
      handle = openDatabase(server.databaseUrl, { poolSize: 2 });
      await signInBuiltServerStaff(server, client, handle.db, "staff");
    });
    afterAll(async () => {
      await handle?.close();
      await server?.stop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.rmSync(marker, { force: true });
    });

    const metric = async (name: string) => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
      return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    };

    it("says so at the photograph's field, keeps the form, stores nothing, and is not ready until the disk has room", async () => {
      const product = await handle.db.selectFrom("products").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
      const to = `/atelier/products/${product.id}/photos`;
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await metric("bottega_media_storage_writable")).toBe(1);

      fs.writeFileSync(marker, "");
      const answer = await client.send(to, { method: "POST", headers: { Origin: server.url }, body: uploadForm(await jpeg(), "front.jpg") });
      expect(answer.status).toBe(507);
      const html = await answer.text();
      // The message at the file's field, the typed alt texts still in the form.
      expect(/<input[^>]*name="photo"[^>]*>/.exec(html)?.[0]).toContain('aria-invalid="true"');
      expect(html).toContain("Spazio esaurito sul server");
      expect(html).toContain('value="Vista di fronte"');
      expect(html).toContain('value="Front view"');
      expect(await handle.db.selectFrom("media_assets").select("id").execute()).toEqual([]);
      expect(await handle.db.selectFrom("product_photos").select("id").execute()).toEqual([]);
      // Logged as a full store, not as an unhandled error.
      expect(server.output()).toContain("media storage full");
      expect(server.output()).toContain("ENOSPC");
      expect(server.output()).not.toContain("unhandled error");

      const notReady = await fetch(`${server.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({ status: "unavailable", database: true, media: false });
      expect(await metric("bottega_media_storage_writable")).toBe(0);
      expect(await metric("bottega_media_storage_full_writes_total")).toBe(1);

      // Room again: the next probe (at most five seconds later) finds it, and uploads work.
      fs.rmSync(marker);
      let ready = 503;
      for (let i = 0; i < 80 && ready !== 200; i++) {
        ready = (await fetch(`${server.url}/readyz`)).status;
        if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ready).toBe(200);
      expect(await metric("bottega_media_storage_writable")).toBe(1);
      expect((await client.send(to, { method: "POST", headers: { Origin: server.url }, body: uploadForm(await jpeg(), "front.jpg") })).status).toBe(303);
    }, 60_000);
  });
}
