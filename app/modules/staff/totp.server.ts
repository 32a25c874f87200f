import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

// The second factor: time-based one-time codes (RFC 6238: SHA-1, six digits, 30-second steps,
// what every authenticator app reads from an otpauth:// URI). The secret is stored encrypted with
// a key derived from SESSION_SECRET, so a copy of the database alone gives no codes.

export const TOTP_PERIOD_S = 30;
const ISSUER = "Bottega Atelier";

/** A fresh secret: 160 random bits, base32 as the apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = "staff"): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_S });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The 30-second step an instant falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The code of an instant (tests and the enrolment's own check). */
export function totpCode(secret: string, now: Date = new Date()): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/**
 * The step a code belongs to, within one step either side of `now` (a phone's clock a little off,
 * a code typed as it changed); null when it matches none.
 */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totpStep(now) + delta;
}

/** The QR code of the URI as an SVG document fragment (rendered on the server: no JavaScript). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The key that encrypts TOTP secrets and one-time texts of a session, derived from SESSION_SECRET. */
export function staffKey(sessionSecret: string): Buffer {
  return createHash("sha256").update(`bottega-atelier-totp:${sessionSecret}`).digest();
}

/** AES-256-GCM: "v1.iv.tag.ciphertext", base64url parts. */
export function sealText(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The sealed text, or null when it was sealed with another key or tampered with. */
export function openText(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
