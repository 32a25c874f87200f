// libuv's thread pool runs scrypt (password checks), zlib (compressed pages) and file reads. It
// has 4 threads unless UV_THREADPOOL_SIZE says otherwise, and reads that once, when the process
// first uses the pool: before server.ts's first line runs (Node's ES module loader reads files on
// it), so the variable must be in the environment node starts with. Every launcher of
// build/server.js passes it; an operator's own value wins.

/** Password hashes take at most half the cores (HASH_LIMITS); compression and files keep the rest. */
export const THREAD_POOL_SIZE = "8";

/** `env` with UV_THREADPOOL_SIZE set, unless it already is. */
export function withThreadPool(env) {
  return { UV_THREADPOOL_SIZE: THREAD_POOL_SIZE, ...env };
}
