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

  /** Takes back one failure counted at `at` (an attempt counted before it was checked, that passed). */
  unfail(key: string, at: number): void {
    const list = this.failures.get(key);
    const i = list?.lastIndexOf(at) ?? -1;
    if (list && i >= 0) {
      list.splice(i, 1);
      if (!list.length) {
        this.failures.delete(key);
      }
    }
  }

  /** Forgets every key's failures (tests start each app with clean counts). */
  clear(): void {
    this.failures.clear();
  }
}

const WINDOW_MS = 15 * 60 * 1000;

/** What a sign-in attempt may do: refused (429) for a reason, or go ahead after a delay. */
export interface ThrottleVerdict {
  refused: 'pair' | 'address' | null;
  delayMs: number;
}

/**
 * Throttles password guessing without letting a stranger lock the owner out:
 * - per account and address: 5 failures in 15 minutes refuse that pair (the guesser, not the owner
 *   at their own desk);
 * - per address: 20 failures in 15 minutes refuse that address, whatever account it tries;
 * - per account, from everywhere: after 5 failures every attempt waits `slowdownMs` first, the
 *   right password included, so guessing from many addresses slows down and the owner still gets in.
 * The key for an account is whatever names it (the email typed, or the user id for a signed-in
 * user's password checks); callers keep the two kinds apart with a prefix.
 */
export class SignInThrottle {
  private readonly pairs = new FailureLimiter(5, WINDOW_MS);
  private readonly addresses = new FailureLimiter(20, WINDOW_MS);
  private readonly accounts = new FailureLimiter(5, WINDOW_MS);

  check(account: string, address: string, slowdownMs: number, now = Date.now()): ThrottleVerdict {
    const refused = this.pairs.isBlocked(`${account}\n${address}`, now)
      ? 'pair'
      : this.addresses.isBlocked(address, now)
        ? 'address'
        : null;
    return { refused, delayMs: this.accounts.isBlocked(account, now) ? slowdownMs : 0 };
  }

  /** Counts a failure; true when this one reached a limit (the moment to log a lockout). */
  fail(account: string, address: string, now = Date.now()): boolean {
    const pair = `${account}\n${address}`;
    this.pairs.fail(pair, now);
    this.addresses.fail(address, now);
    this.accounts.fail(account, now);
    return this.pairs.isBlocked(pair, now) || this.addresses.isBlocked(address, now);
  }

  /**
   * The right password from this address: its pair starts afresh (the account-wide count of earlier
   * failures stays). `countedAt` is when this attempt was counted as a failure before its check
   * (fail, at the same instant): that count is taken back.
   */
  succeed(account: string, address: string, countedAt?: number): void {
    this.pairs.reset(`${account}\n${address}`);
    if (countedAt !== undefined) {
      this.addresses.unfail(address, countedAt);
      this.accounts.unfail(account, countedAt);
    }
  }

  clear(): void {
    this.pairs.clear();
    this.addresses.clear();
    this.accounts.clear();
  }
}
