import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { DomainError } from "~/utils/domain-error";

// Passwords are hashed with scrypt (memory-hard, in Node itself: no native package to build).
// Each hash carries its parameters (`$scrypt$ln=17,r=8,p=1$salt$hash`), so the cost can rise
// later: a login with a hash below the current parameters re-hashes the password it just checked.

export interface ScryptParams {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  r: number;
  p: number;
}

/** OWASP's scrypt minimum (N = 2^17, r = 8, p = 1): 128 MiB and a few hundred ms per hash. */
export const PASSWORD_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 };

/**
 * The parameters new hashes get: PASSWORD_PARAMS, except inside the test runner (vitest sets
 * VITEST in its workers), where the service and HTTP tests sign in, register and change
 * passwords thousands of times and a few hundred ms of CPU each made up minutes of CI on two
 * cores (as Devise's one stretch, or Django's fast hasher in tests). The rules under test —
 * salts, the stored parameters, rehashing when they rise, a dummy hash for an unknown account —
 * stay the same; a stored hash is always checked with its own parameters.
 */
export function hashParamsFor(env: NodeJS.ProcessEnv): ScryptParams {
  return env.VITEST ? { ln: 11, r: 8, p: 1 } : PASSWORD_PARAMS;
}

const HASH_PARAMS = hashParamsFor(process.env);

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Hashes stored by an older release, or forged into the table, are not read past these. */
const MAX_LN = 22;
const MAX_R = 32;
const MAX_P = 16;

export interface HashLimits {
  /** Hashes computed at once. */
  running: number;
  /** Hashes waiting for their turn; one more is refused. */
  waiting: number;
}

/**
 * scrypt runs on libuv's thread pool, which compression and file reads share, and keeps a core
 * busy for a few hundred ms: unbounded, four logins at once held every compressed page for half a
 * second. So one hash per two cores, the rest queued; a queue this long is an attack or a crowd,
 * answered at once with a calm 503 (BUSY, Retry-After) rather than minutes of waiting. The pool
 * itself gets room for both (UV_THREADPOOL_SIZE, set by scripts/thread-pool.mjs's launchers).
 */
export const HASH_LIMITS: HashLimits = { running: hashSlots(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE) || 4), waiting: 16 };

/**
 * Half the cores, but never more than the pool's threads less four (compression and files keep
 * those) nor 4 (128 MiB each): in a container, availableParallelism() can report the host's 32
 * cores for a one-CPU quota.
 */
export function hashSlots(cores: number, poolSize: number): number {
  return Math.max(1, Math.min(Math.floor(cores / 2), poolSize - 4, 4));
}

/** Runs `work` when one of `limits.running` slots is free, after at most `limits.waiting` others. */
export function createHashQueue(limits: HashLimits) {
  let running = 0;
  const queue: Array<() => void> = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (running < limits.running) running++;
    else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
    else throw new DomainError("BUSY", "password hashing queue full", { retryAfter: 5 });
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
}

const inTurn = createHashQueue(HASH_LIMITS);

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return inTurn(() => scryptNow(password, salt, params));
}

function scryptNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.ln;
  // scrypt needs 128 * N * r bytes (plus a little); Node refuses anything above maxmem.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 128 * N * params.r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => scryptCallback(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string, params: ScryptParams = HASH_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, params);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]{16,64})\$([\w-]{32,128})$/.exec(stored);
  if (!match) return null;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.r > MAX_R || params.p < 1 || params.p > MAX_P) return null;
  return { params, salt: Buffer.from(match[4], "base64url"), key: Buffer.from(match[5], "base64url") };
}

/** Whether `password` matches `stored`; false for a hash this module cannot read. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    // Spend the same time as a real check: the answer must not tell whether the account exists.
    await scrypt(password, DUMMY_SALT, HASH_PARAMS);
    return false;
  }
  const key = await scrypt(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Burns one hash's time for a login whose account does not exist (see verifyPassword). */
export function verifyNothing(password: string): Promise<boolean> {
  return verifyPassword(password, null);
}

/** Whether a stored hash was made with weaker parameters than today's. */
export function needsRehash(stored: string, params: ScryptParams = HASH_PARAMS): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.params.ln < params.ln || parsed.params.r < params.r || parsed.params.p < params.p;
}

const DUMMY_SALT = randomBytes(SALT_LENGTH);
