/** A seeded pseudo-random source, so a failing random sequence can be replayed from its seed. */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** One of `choices`, each as likely as its weight. */
  weighted<T extends { weight: number }>(choices: readonly T[]): T;
}

/** mulberry32: tiny, fast and good enough to drive test sequences (not for anything secret). */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (list) => list[int(list.length)]!,
    weighted(choices) {
      let r = next() * choices.reduce((sum, c) => sum + c.weight, 0);
      for (const c of choices) {
        r -= c.weight;
        if (r < 0) return c;
      }
      return choices[choices.length - 1]!;
    },
  };
}
