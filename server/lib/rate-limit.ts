/**
 * Counts failures per key in a sliding window, in memory. One process holds its own counts; behind a
 * load balancer each process limits on its own, which still bounds guessing to a few tries a minute.
 */
export class FailureLimiter {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) {
      this.failures.set(key, list);
    } else {
      this.failures.delete(key);
    }
    return list;
  }

  isBlocked(key: string, now = Date.now()): boolean {
    return this.recent(key, now).length >= this.max;
  }

  fail(key: string, now = Date.now()): void {
    if (this.failures.size >= this.maxKeys && !this.failures.has(key)) {
      // Drop the oldest key rather than grow without bound under a spray of addresses.
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) {
        this.failures.delete(oldest);
      }
    }
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Forgets every key's failures (tests start each app with clean counts). */
  clear(): void {
    this.failures.clear();
  }
}
