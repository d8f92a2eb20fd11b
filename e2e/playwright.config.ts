import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TEST_CHROMIUM } from './chromium';
import { E2E_PORT, WEB_DIST } from './web-build';

const root = path.resolve(import.meta.dirname, '..');
// The fake Messages API (AI Analysis) gets a port of its own, derived from the app's.
const fakeAnthropicPort = E2E_PORT + 20_000;
// A fresh embedded database for every run, so tests never see data from an earlier one.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'budget-e2e-'));
// The tools themselves rather than through npx, which spends 2 to 3 s of CPU starting npm each time.
const bin = (tool: string) => JSON.stringify(path.join(root, 'node_modules/.bin', tool));
const TSX = bin('tsx');

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '**/*.spec.ts',
  // Per port, so runs sharing a machine do not delete each other's traces.
  outputDir: path.join(
    root,
    process.env.E2E_PORT ? `test-results/artifacts-${E2E_PORT}` : 'test-results/artifacts',
  ),
  fullyParallel: false,
  workers: 1,
  // In CI a failed test runs once more and, passing, is reported 'flaky' in the list: a stop's CI
  // once failed on one browser test that passed in the same part run again on a quiet machine
  // (116 of 116), and which one it was could not be told from what CI kept. A test that fails twice
  // fails the run. Locally a failure stops at the first run, to be looked at.
  retries: process.env.CI ? 1 : 0,
  // A guard against a hung test, not a measure of speed (that is npm run bench's): CI's machine is
  // saturated, and on a slow day tests that take 20 to 28 s ran out of 30 s (a test that walks a
  // screen at both sizes took 32 s). Speed is measured in the benches, never by timing out here.
  timeout: 60_000,
  // The same for a page that has not yet shown what a test waits for: 10 s ran out with a dialog
  // still 'Loading history...' at load 17.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Debian's Chromium, never a downloaded one: its headless shell where installed (e2e/chromium.ts).
    launchOptions: TEST_CHROMIUM,
    viewport: { width: 1280, height: 800 },
    // A trace records a screencast of every test (the browser encodes frames, the GPU process
    // composites them): about half again the browser's CPU, for a file nobody can open once CI's
    // clean checkout is gone. Kept for local runs; a failure in CI still leaves its screenshot.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `${TSX} e2e/fake-anthropic-server.ts`,
      cwd: root,
      url: `http://127.0.0.1:${fakeAnthropicPort}/health`,
      reuseExistingServer: false,
      // A guard against a hung test, not a measure of speed (that is npm run bench's): CI's machine is
      // saturated, and on a slow day tests that take 20 to 28 s ran out of 30 s (a test that walks a
      // screen at both sizes took 32 s). Speed is measured in the benches, never by timing out here.
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_ANTHROPIC_PORT: String(fakeAnthropicPort) },
    },
    {
      command: process.env.E2E_WEB_DIST
        ? `${TSX} server/index.ts`
        : `${bin('vite')} build --config web/vite.config.ts --logLevel warn --outDir ${WEB_DIST} --emptyOutDir && ${TSX} server/index.ts`,
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        WEB_DIST,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'admin@example.org',
        ADMIN_PASSWORD: 'e2e-admin-password',
        DEMO_PASSWORD: 'e2e-demo-password',
        SEED_DEMO: '1',
        // The lowest cost the server accepts: the specs sign in over a hundred times and measure
        // no hashing, and at 12 each sign-in spent a quarter second or more hashing.
        PASSWORD_COST: '10',
        LOG_LEVEL: 'warn',
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${fakeAnthropicPort}`,
        ANTHROPIC_MODEL: 'claude-e2e-fake',
      },
    },
  ],
});
