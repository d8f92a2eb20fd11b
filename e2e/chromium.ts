import { existsSync } from 'node:fs';

/** Flags for every launch: nothing phoned home (this machine's network is closed; without them
 * Chromium retries refused connections all the time), no GPU (there is none). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How benches and screenshots launch Chromium: Debian's build (a test tool never downloads its
 * own), the browser a person runs, so a bench's first row is the one a user waits for.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ARGS,
};

/**
 * Debian's old headless shell (package chromium-headless-shell, the same Chromium release built
 * without the full browser around Blink), the browser tests' browser. The same specs in it took 22 %
 * less of the machine's CPU and 15 % less time than in `chromium --headless` (two alternated pairs
 * of runs on a 2-core host, 218 and 220 against 286 and 274 CPU-s: docs/PERFORMANCE.md), and every
 * browser test is CPU-bound on this machine. Where it is not installed the full browser is used.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
export const TEST_CHROMIUM = {
  executablePath: process.env.E2E_CHROMIUM ?? (existsSync(SHELL) ? SHELL : CHROMIUM.executablePath),
  args: ARGS,
};
