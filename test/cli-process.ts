import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '@cli/main';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../bin/budget-cli.mjs');

export interface CliResult {
  /** The exit code; null (timeout) or Node's error code (output past maxBuffer) if it was killed. */
  code: number | string | null;
  stdout: string;
  stderr: string;
}

/**
 * The real bin/budget-cli.mjs in a process of its own: the shipped build (dist/cli.mjs), rebuilt
 * from the sources first if they changed: for what only a process of its own shows (cli/cli.test.ts:
 * the build loads every command, the exit codes, the embedded database's lock against another
 * process). It costs a new node, knex, pg and zod each time (0.5 CPU-s a command on a server, 1.2 to
 * 1.5 s on the embedded database), which is why the other runs are in process.
 */
export async function runBinary(
  args: string[],
  env: Record<string, string>,
  timeout: number,
): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env,
      timeout,
      // execFile kills a child past 1 MB of output by default; a whole import's output may be more.
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Runs in process one at a time: a run takes over process.stdout, process.stderr and process.env. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The CLI's own code (cli/main.ts, what cli/index.ts runs) in this process, as `budget-cli args`
 * with `env` as the whole environment: what it writes to stdout and stderr is captured, and the
 * process's environment and umask are put back after.
 */
export function runInProcess(args: string[], env: Record<string, string>): Promise<CliResult> {
  const result = queue.then(() => runHere(args, env));
  queue = result.catch(() => undefined);
  return result;
}

async function runHere(args: string[], env: Record<string, string>): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const savedEnv = { ...process.env };
  const stdoutWrite = process.stdout.write;
  const stderrWrite = process.stderr.write;
  const savedUmask = process.umask(0o077);
  setEnv(env);
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  try {
    const code = await runCli([process.execPath, BIN, ...args]);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.umask(savedUmask);
    setEnv(savedEnv);
  }
}

/** Makes process.env exactly `env`: keys it lacks removed, the rest set. */
function setEnv(env: Record<string, string | undefined>): void {
  for (const key of Object.keys(process.env)) {
    if (!(key in env)) {
      delete process.env[key];
    }
  }
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined) {
      process.env[key] = value;
    }
  }
}

/** A stream's write that keeps the text in `into` (and calls back, as a write does once done). */
function capture(into: string[]): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') {
      process.nextTick(done as () => void);
    }
    return true;
  }) as typeof process.stdout.write;
}
