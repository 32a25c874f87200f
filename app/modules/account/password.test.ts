import { describe, expect, it } from "vitest";
import { PASSWORD_PARAMS, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { isCommonPassword } from "./common-passwords.server";

// Small parameters keep these unit tests quick; the service tests use the real ones.
const FAST = { ln: 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("uses scrypt at OWASP's minimum or above", () => {
    expect(PASSWORD_PARAMS.ln).toBeGreaterThanOrEqual(17);
    expect(PASSWORD_PARAMS).toMatchObject({ r: 8, p: 1 });
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
    for (const stored of [null, "", "plain", "$scrypt$ln=40,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "$argon2id$v=19$m=1,t=1,p=1$x$y"]) {
      expect(await verifyPassword("whatever", stored)).toBe(false);
    }
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
