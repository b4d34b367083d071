/**
 * A map that forgets its least recently used entries once their weights add up past
 * `maxWeight` (issue 12: what the bot keeps must not grow with the number of games it has ever
 * seen). The entry just set is always kept, however heavy: the caller is about to use it.
 */
export class WeightedLru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(readonly maxWeight: number) {}

  /** The value, now the most recently used; undefined if absent or forgotten. */
  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: K, value: V, weight: number): void {
    const old = this.map.get(key);
    if (old) { this.map.delete(key); this.total -= old.weight; }
    this.map.set(key, { value, weight });
    this.total += weight;
    // A Map iterates in insertion order: least recently used first.
    for (const [k, e] of this.map) {
      if (this.total <= this.maxWeight || k === key) break;
      this.map.delete(k);
      this.total -= e.weight;
    }
  }

  /** Forget everything (a cache filled from work that was rolled back). */
  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  get size(): number { return this.map.size; }
  /** The weights of the entries kept, added up. */
  get weight(): number { return this.total; }
}
