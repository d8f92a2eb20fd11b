import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';

/** pg_dump, pg_restore and psql, the PostgreSQL server's own tools, run on the app's connection. */

export const runTool = promisify(execFile);

export const DUMP_ARGS = ['--format=custom', '--no-owner', '--no-privileges'];

interface Connection {
  host?: string;
  port?: string | number;
  user?: string;
  password?: string;
  database?: string;
  sslmode?: string | null;
}

/** The parts of a connection string (postgres://user:pass@host:port/db?sslmode=...&host=/socket). */
function parseUrl(url: string): Connection {
  const u = new URL(url);
  const decode = (s: string) => (s ? decodeURIComponent(s) : undefined);
  return {
    host: u.searchParams.get('host') ?? decode(u.hostname.replace(/^\[(.*)\]$/, '$1')),
    port: u.port || undefined,
    user: decode(u.username),
    password: decode(u.password),
    database: decode(u.pathname.slice(1)),
    sslmode: u.searchParams.get('sslmode'),
  };
}

/**
 * The connection of a PostgreSQL handle as libpq variables for the tools: the password goes in
 * the environment, never on a command line others can read with `ps`. The handle may hold a
 * connection string (server/db/index.ts passes one) or its parts; reading only the parts once
 * sent pg_dump to the operator's default database instead of the app's.
 */
export function pgEnv(knex: Knex): NodeJS.ProcessEnv {
  const raw = knex.client.config.connection as string | (Connection & { connectionString?: string });
  const parts = typeof raw === 'string' ? {} : raw;
  const url = typeof raw === 'string' ? raw : raw.connectionString;
  const c: Connection = url ? { ...parts, ...parseUrl(url) } : parts;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE', 'PGSSLMODE', 'PGSERVICE']) {
    delete env[key];
  }
  const set = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') {
      env[key] = String(value);
    }
  };
  set('PGHOST', c.host);
  set('PGPORT', c.port);
  set('PGUSER', c.user);
  set('PGPASSWORD', c.password);
  set('PGDATABASE', c.database);
  set('PGSSLMODE', c.sslmode);
  return env;
}

/** pg_dump's custom format on stdout (the admin screen's download streams it). */
export function pgDumpStream(knex: Knex): Readable {
  const child = spawn('pg_dump', DUMP_ARGS, { stdio: ['ignore', 'pipe', 'pipe'], env: pgEnv(knex) });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.on('close', (code) => {
    if (code !== 0) {
      child.stdout.destroy(new Error(`pg_dump failed: ${stderr.trim()}`));
    }
  });
  return child.stdout;
}

export interface DumpedTable {
  columns: string[];
  /** Each row's values as text; SQL NULL as null. */
  rows: (string | null)[][];
}

/** One value of COPY's text format: \N is NULL; backslash escapes the rest. */
function copyValue(text: string): string | null {
  if (text === '\\N') {
    return null;
  }
  const escapes: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };
  return text.replace(/\\(.)/g, (_, c: string) => escapes[c] ?? c);
}

/**
 * The rows of a few tables of a pg_dump file, read without touching any database (pg_restore
 * writes the data as COPY blocks). A table the dump does not hold is absent from the answer.
 */
export async function dumpedTables(file: string, tables: string[]): Promise<Map<string, DumpedTable>> {
  const { stdout } = await runTool(
    'pg_restore',
    ['--data-only', ...tables.map((t) => `--table=${t}`), '--file=-', file],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const out = new Map<string, DumpedTable>();
  let current: DumpedTable | null = null;
  for (const line of stdout.split('\n')) {
    const start = /^COPY (?:\w+\.)?"?(\w+)"? \((.*)\) FROM stdin;$/.exec(line);
    if (start) {
      current = { columns: start[2].split(', ').map((c) => c.replace(/"/g, '')), rows: [] };
      out.set(start[1], current);
    } else if (current && line === '\\.') {
      current = null;
    } else if (current) {
      current.rows.push(line.split('\t').map(copyValue));
    }
  }
  return out;
}
