import path from 'node:path';
import { defineConfig } from 'vitest/config';

const r = (p: string) => path.resolve(import.meta.dirname, p);

export default defineConfig({
  resolve: {
    alias: {
      '@server': r('server'),
      '@web': r('web/src'),
      '@cli': r('cli'),
      '@migrations': r('migrations'),
      '@seeds': r('seeds'),
    },
  },
  test: {
    // Migrates once per run; at the end of a full run, the response sweep (every route answered a
    // 2xx checked against its response schema somewhere: test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // Each server test file gets its own database (a PGlite clone, or a fresh database on a real
    // server), so files run in parallel without sharing rows. Two cores: two workers.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: [
      'server/**/*.test.ts',
      'cli/**/*.test.ts',
      'migrations/**/*.test.ts',
      'seeds/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    env: { PASSWORD_COST: '10', LOG_LEVEL: 'silent' },
  },
});
