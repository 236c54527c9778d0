// A seeded pseudo-random generator, so every generated case list is the same for the same seed and
// a failing case can be replayed with `--seed`.

/** mulberry32: small, fast and good enough to pick test cases (not for anything secret). */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let value = this.#state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, below). */
  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = this.int(index + 1);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }

  bytes(length: number): Buffer {
    const bytes = Buffer.alloc(length);
    for (let index = 0; index < length; index += 1) bytes[index] = this.int(256);
    return bytes;
  }
}

/**
 * Takes `count` items from groups in turn (each group shuffled first), so a small sample still
 * reaches every group: every catalogue parameter, every API route.
 */
export function roundRobinSample<T>(
  groups: readonly (readonly T[])[],
  count: number,
  random: SeededRandom,
): T[] {
  const queues = groups.map((group) => random.shuffle(group));
  const taken: T[] = [];
  for (let round = 0; taken.length < count; round += 1) {
    let tookAny = false;
    for (const queue of queues) {
      const item = queue[round];
      if (item === undefined) continue;
      taken.push(item);
      tookAny = true;
      if (taken.length === count) break;
    }
    if (!tookAny) break;
  }
  return taken;
}
