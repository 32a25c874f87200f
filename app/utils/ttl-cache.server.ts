/**
 * A small in-process cache with a time to live: what every shopper sees (menu, banner, shop
 * settings) is read once per process every `ttlMs`, not on every request. Concurrent misses share
 * one load; a failed load is not cached.
 */
export function ttlCache<Key, Value>(ttlMs: number, load: (key: Key) => Promise<Value>) {
  const entries = new Map<Key, { at: number; value: Promise<Value> }>();
  return {
    get(key: Key, now = Date.now()): Promise<Value> {
      const entry = entries.get(key);
      if (entry && now - entry.at < ttlMs) return entry.value;
      const value = load(key);
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Forgets everything (after a write, and in tests). */
    clear(): void {
      entries.clear();
    },
  };
}
