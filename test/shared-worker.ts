import { afterAll } from 'vitest';

/**
 * Run before every server-side test file (vitest.config.ts, setupFiles). Those files share their
 * worker's modules (isolate: false), so what one file changes in the process must not reach the
 * next: the environment is put back as it was when the file started (a CLI test sets the fake
 * Claude API's address for the binaries it starts, which the next file's server would read).
 */
const before = { ...process.env };
afterAll(() => {
  for (const key of Object.keys(process.env)) {
    if (!(key in before)) {
      delete process.env[key];
    }
  }
  Object.assign(process.env, before);
});
