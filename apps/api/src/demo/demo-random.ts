/**
 * A small seeded generator for the demo data: the same members, orders and bottle IDs on every
 * machine and every fresh database.
 */

/** mulberry32: small, fast and the same on every machine. */
export function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface DemoRandom {
  /** A number in [0, 1). */
  next(): number;
  /** An integer from min to max, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** An item drawn in proportion to its weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
  /** A copy in random order. */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRandom(seed: number): DemoRandom {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
    weighted(items) {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let draw = next() * total;
      for (const [item, weight] of items) {
        draw -= weight;
        if (draw < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
