import { serviceUnavailable } from '@server/errors';

/**
 * A bounded pool for password hashing. scrypt at the configured cost takes ~100 ms of a libuv thread
 * and 128 MB at a time; forty sign-ins at once queued forty of them on the four threads file reads,
 * compression and DNS share. At most `size` run at once, at most `maxWaiting` wait, and one more is
 * refused with 503 (Retry-After) at once: a storm of guesses gets slower answers, never more of the
 * machine.
 */
export class HashSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.maxWaiting) {
        throw serviceUnavailable('Too many sign-ins at once; try again in a moment');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) {
        next(); // the slot passes to the next in line
      } else {
        this.running -= 1;
      }
    }
  }
}

/** Two hashes at a time leave the rest of libuv's four threads to files and compression. */
export const passwordHashing = new HashSlots(2, 64);
