import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** What health looked like while the work ran. */
export interface HealthSeen {
  /** The slowest answer, ms (the first poll included: it starts before the work). */
  slowestMs: number;
  answered: number;
  statuses: number[];
  /** The longest this thread's event loop was held meanwhile, ms (the server runs on it). */
  heldMs: number;
}

// The poller: one GET at a time on a fresh connection, `pauseMs` apart, until told to stop.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { get } = require('node:http');
let stopping = false;
parentPort.on('message', () => { stopping = true; });
const poll = () => new Promise((resolve) => {
  const started = performance.now();
  const done = (status) => resolve({ status, ms: performance.now() - started });
  get(workerData.url, { agent: false }, (res) => { res.resume(); res.on('end', () => done(res.statusCode)); })
    .on('error', () => done(0));
});
(async () => {
  const seen = { slowestMs: 0, answered: 0, statuses: [] };
  while (!stopping) {
    const { status, ms } = await poll();
    seen.slowestMs = Math.max(seen.slowestMs, ms);
    seen.answered += 1;
    if (!seen.statuses.includes(status)) seen.statuses.push(status);
    if (seen.answered === 1) parentPort.postMessage('started');
    await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  }
  parentPort.postMessage(seen);
})();`;

/**
 * Polls `${baseUrl}/api/health` from a thread of its own while the caller makes the server (on
 * this thread) work: a client on the server's thread would wait with it and never see the hold.
 * Resolves once health has answered once; `stop()` gives what was seen meanwhile.
 */
export async function watchHealth(baseUrl: string, pauseMs = 20): Promise<{ stop(): Promise<HealthSeen> }> {
  const poller = new Worker(POLLER, { eval: true, workerData: { url: `${baseUrl}/api/health`, pauseMs } });
  await once(poller, 'message');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return {
    async stop() {
      const answer = once(poller, 'message');
      poller.postMessage('stop');
      const [seen] = (await answer) as [Omit<HealthSeen, 'heldMs'>];
      loop.disable();
      await poller.terminate();
      return { ...seen, heldMs: loop.max / 1e6 };
    },
  };
}
