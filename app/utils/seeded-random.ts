/**
 * A small seeded generator of numbers in [0, 1) (mulberry32): the same seed always draws the same
 * sequence, so the demo catalogue, its drawings and the grown order history are the same on every
 * machine and every run. Not for anything a guess must not find (tokens, codes): node:crypto is.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
