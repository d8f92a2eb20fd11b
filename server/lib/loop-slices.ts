/**
 * A long synchronous loop on the server's thread (every title of a year against every crosswalk
 * rule, 50,000 of them) holds every other request, /api/health included, until it ends. Such a loop
 * asks `due()` at each step (a clock read) and, once it has run SLICE_MS, awaits `turn()`: the
 * event loop answers what is waiting (setImmediate: after pending I/O), then the loop goes on.
 */
export const SLICE_MS = 20;

export class LoopSlices {
  private started = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether this slice of synchronous work is used up. */
  due(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  /** Lets the event loop answer what waits, then starts a new slice. */
  async turn(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.started = performance.now();
  }
}
