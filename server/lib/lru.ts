/**
 * A map that keeps its most recently used entries within a total size (each entry's size from
 * sizeOf; by default 1, so `max` is a count). The entry just stored is never evicted, even alone
 * over the bound.
 */
export class LruMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly max: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {}

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    let total = 0;
    for (const v of this.entries.values()) {
      total += this.sizeOf(v);
    }
    for (const [k, v] of this.entries) {
      if (total <= this.max || k === key) {
        break;
      }
      this.entries.delete(k);
      total -= this.sizeOf(v);
    }
  }
}

/**
 * One LruMap per database handle (a WeakMap on the knex instance), so tests and several apps in one
 * process never share entries, and a closed handle's entries go with it.
 */
export function perDatabase<M extends object>(create: () => M): (db: object) => M {
  const maps = new WeakMap<object, M>();
  return (db) => {
    let map = maps.get(db);
    if (!map) {
      map = create();
      maps.set(db, map);
    }
    return map;
  };
}
