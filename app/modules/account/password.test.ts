import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { DomainError } from "~/utils/domain-error";
import { jsonError } from "~/utils/json-api.server";
import { HASH_LIMITS, PASSWORD_PARAMS, createHashQueue, hashParamsFor, hashPassword, hashSlots, needsRehash, verifyPassword } from "./password.server";
import { isCommonPassword } from "./common-passwords.server";

// Small parameters keep these unit tests quick; the service tests use the real ones.
const FAST = { ln: 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("uses scrypt at OWASP's minimum or above", () => {
    expect(PASSWORD_PARAMS.ln).toBeGreaterThanOrEqual(17);
    expect(PASSWORD_PARAMS).toMatchObject({ r: 8, p: 1 });
    // A deployment (no test runner) hashes with them; only vitest's workers hash cheaper.
    expect(hashParamsFor({ NODE_ENV: "production" })).toEqual(PASSWORD_PARAMS);
    expect(hashParamsFor({})).toEqual(PASSWORD_PARAMS);
    expect(hashParamsFor({ VITEST: "true" }).ln).toBeLessThan(PASSWORD_PARAMS.ln);
  });

  it("stores the parameters with a salted hash, and verifies it", async () => {
    const hash = await hashPassword("una frase lunga e sicura", FAST);
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword("una frase lunga e sicura", FAST)).not.toBe(hash);
    expect(await verifyPassword("una frase lunga e sicura", hash)).toBe(true);
    expect(await verifyPassword("una frase lunga e sicura ", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("treats a composed and a decomposed accent as the same password", async () => {
    const hash = await hashPassword("caff\u00e8 amaro", FAST);
    expect(await verifyPassword("caffe\u0300 amaro", hash)).toBe(true);
  });

  it("refuses hashes it cannot read, without throwing", async () => {
    // Each refusal spends a full-cost hash (verifyPassword's dummy): checked side by side, on the thread pool.
    const stored = [null, "", "plain", "$scrypt$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "$argon2id$v=19$m=1,t=1,p=1$x$y"];
    expect(await Promise.all(stored.map((hash) => verifyPassword("whatever", hash)))).toEqual(stored.map(() => false));
  });

  it("asks for a new hash when the parameters rose", async () => {
    expect(needsRehash(await hashPassword("x", FAST))).toBe(true);
    expect(needsRehash("$scrypt$ln=17,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
    expect(needsRehash("garbage")).toBe(true);
  });
});

describe("common passwords", () => {
  it("refuses the most used passwords of 8 characters or more, whatever their case", async () => {
    for (const password of ["password", "12345678", "Password1", "QWERTYUIOP", "iloveyou"]) expect(await isCommonPassword(password)).toBe(true);
    for (const password of ["una frase lunga e sicura", "Vd8#kq!2Lm", "bottega-spiga-12"]) expect(await isCommonPassword(password)).toBe(false);
  });
});

describe("the hash queue", () => {
  it("runs at most `running` hashes at once, queues `waiting` more, and refuses the next with BUSY and Retry-After", async () => {
    const inTurn = createHashQueue({ running: 2, waiting: 3 });
    let active = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      new Promise<string>((resolve) => {
        active++;
        most = Math.max(most, active);
        releases.push(() => {
          active--;
          resolve("done");
        });
      });
    const accepted = Array.from({ length: 5 }, () => inTurn(work));
    const refused = await inTurn(work).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "BUSY", status: 503, retryAfter: 5 });
    // Two run; as each ends, the next in line starts in its slot.
    for (let finished = 0; finished < 5; finished++) {
      await expect.poll(() => releases.length).toBe(finished + Math.min(2, 5 - finished));
      releases[finished]!();
    }
    expect(await Promise.all(accepted)).toEqual(Array(5).fill("done"));
    expect(most).toBe(2);
    // A failed hash frees its slot too.
    await expect(inTurn(() => Promise.reject(new Error("scrypt failed")))).rejects.toThrow("scrypt failed");
    expect(await inTurn(() => Promise.resolve("again"))).toBe("again");
  });

  it("answers a refusal calmly through the error table: 503, Retry-After, in the shopper's language", async () => {
    const inTurn = createHashQueue({ running: 0, waiting: 0 });
    const refused = await inTurn(() => Promise.resolve("never")).catch((error: unknown) => error);
    const italian = jsonError(refused, "it");
    expect(italian.status).toBe(503);
    expect(italian.headers.get("Retry-After")).toBe("5");
    expect(await italian.json()).toEqual({ message: "Il negozio è molto richiesto in questo momento. Riprova tra qualche secondo." });
    expect(await jsonError(refused, "en").json()).toEqual({ message: "The shop is very busy right now. Please try again in a few seconds." });
  });

  it("leaves at least half the cores to everything else", () => {
    expect(HASH_LIMITS.running).toBeGreaterThanOrEqual(1);
    expect(HASH_LIMITS.running).toBeLessThanOrEqual(Math.max(1, availableParallelism() / 2));
    expect(HASH_LIMITS.waiting).toBeGreaterThanOrEqual(10);
  });

  it("never takes more of the pool than it leaves, nor more than 4 hashes' memory, whatever the cores reported", () => {
    expect(hashSlots(2, 8)).toBe(1);
    expect(hashSlots(8, 8)).toBe(4);
    expect(hashSlots(32, 8)).toBe(4); // a container on a big host
    expect(hashSlots(32, 4)).toBe(1); // the default pool: scrypt never takes all of it
    expect(hashSlots(1, 4)).toBe(1);
  });
});
