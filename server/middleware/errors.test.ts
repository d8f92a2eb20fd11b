import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { DbHandle } from '@server/db/index';
import type { Logger } from '@server/lib/log';
import { createTestDb } from '../../test/db';

// Errors raised after a response has started go to Koa's 'error' event. A client leaving mid-download
// is routine and must not read as a fault in the log; anything else must reach the JSON log (Koa's
// default listener would print a bare stack to stderr instead).

let handle: DbHandle;
const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
const record =
  (level: string) =>
  (msg: string, fields?: Record<string, unknown>): void => {
    lines.push({ level, msg, fields });
  };
const log: Logger = {
  debug: record('debug'),
  info: record('info'),
  warn: record('warn'),
  error: record('error'),
};

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("the app's error event", () => {
  it('logs a departed client at debug level and any other response error as an error', () => {
    const koa = createApp({
      db: handle.knex,
      config: loadConfig({ ...process.env, DATA_DIR: 'node_modules/.cache/budget-tests/data' }),
      log,
    });
    const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    koa.emit('error', gone, { method: 'GET', path: '/assets/ag-data-grid.js' });
    const broken = Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    koa.emit('error', broken, { method: 'GET', path: '/assets/index.js' });
    expect(lines.map((l) => [l.level, l.msg, l.fields?.path])).toEqual([
      ['debug', 'client closed the connection', '/assets/ag-data-grid.js'],
      ['error', 'response error', '/assets/index.js'],
    ]);
    expect(String(lines[1].fields?.error)).toContain('EIO: i/o error');
  });
});
