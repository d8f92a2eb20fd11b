import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../test/cli-process';

const BIN = path.resolve(import.meta.dirname, '../bin/budget-cli.mjs');

/**
 * `budget-cli ... | head`: the reader takes what it wants and closes the pipe. The real binary in a
 * process of its own, as a shell runs it, on an embedded database of the test's own (the pipe, not
 * the database, is under test, so TEST_DATABASE_URL's server is not needed).
 */
describe('budget-cli piped to a reader that quits early', () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'budget-cli-early-reader-'));
    env = { ...process.env, DATA_DIR: dataDir, PASSWORD_COST: '10', SEED_DEMO: '0' } as Record<
      string,
      string
    >;
    delete env.DATABASE_URL;
    const seeded = await runInProcess(['db', 'seed', '--demo'], env);
    expect(seeded.code, seeded.stderr).toBe(0);
  }, 300_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits quietly, with no EPIPE stack trace, when `head` has read enough and quits', async () => {
    // A shell's pipe into `head -c 1`, which reads once and exits. The demo's FY26 employees as
    // JSON are about 400 KB; a pipe holds 64 KB and head reads a few KB, so the CLI still has
    // output left when head is gone, whatever the timing: its next write meets the closed pipe.
    const script = '"$@" | head -c 1; exit "${PIPESTATUS[0]}"';
    const args = [
      process.execPath,
      BIN,
      'line-items',
      'list',
      '--type',
      'operating',
      '--budget-year',
      'FY26',
      '--json',
    ];
    const child = spawn('bash', ['-c', script, 'bash', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(stdout).toBe('{'); // what head passed on: the start of the one JSON document
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).not.toMatch(/^\s+at /m);
    // 0, or 141 as for a tool that died of SIGPIPE: both are a quiet end.
    expect([0, 141]).toContain(code);
  }, 120_000);
});
