import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { createLogger } from './lib/log';
import { acceptsEncoding, webApp } from './static';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A request with node:http, which (unlike fetch) leaves Content-Encoding to the caller. */
function get(
  base: string,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function listen(koa: Koa): Promise<{ base: string; server: Server }> {
  return new Promise((resolve) => {
    const server = koa.listen(0, '127.0.0.1', () =>
      resolve({ base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    );
  });
}

const JS = `export const answer = ${'"forty-two", '.repeat(200)}42;\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/app-Abc123.js"></script></head><body>${'<p>budget</p>'.repeat(100)}</body></html>`;
const CSS = 'body { color: black; }\n';

/** A build as `vite build` leaves it: hashed assets with .br and .gz beside them, one without. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-static-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string, variants: boolean) => {
    writeFileSync(path.join(dir, name), text);
    if (variants) {
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
    }
  };
  write('index.html', HTML, true);
  write('assets/app-Abc123.js', JS, true);
  write('assets/tiny-Def456.css', CSS, false);
  writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  return dir;
}

describe('serving the built web app', () => {
  let dir: string;
  let base: string;
  let server: Server;

  beforeAll(async () => {
    dir = fakeBuild();
    ({ base, server } = await listen(new Koa().use(webApp(dir))));
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed, immutable for a year, varying by Accept-Encoding', async () => {
    const br = await get(base, '/assets/app-Abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(JS.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(JS);

    const gz = await get(base, '/assets/app-Abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);

    const refusesBr = await get(base, '/assets/app-Abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0.8' });
    expect(refusesBr.headers['content-encoding']).toBe('gzip');

    const plain = await get(base, '/assets/app-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(JS);
  });

  it('sends a file without variants as it is, still immutable under assets/', async () => {
    const css = await get(base, '/assets/tiny-Def456.css', { 'Accept-Encoding': 'br, gzip' });
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers.vary).toBeUndefined();
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body.toString()).toBe(CSS);
  });

  it('revalidates index.html, for / and for every client-side route, and answers 304 when unchanged', async () => {
    for (const route of ['/', '/index.html', '/login', '/admin/operating-budget', '/public/demo']) {
      const page = await get(base, route, { 'Accept-Encoding': 'br' });
      expect(page.status, route).toBe(200);
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.headers['content-type'], route).toMatch(/^text\/html/);
      expect(page.headers['content-encoding'], route).toBe('br');
      expect(brotliDecompressSync(page.body).toString(), route).toBe(HTML);
    }
    const first = await get(base, '/login', { 'Accept-Encoding': 'gzip' });
    expect(first.headers.etag).toBeTruthy();
    const again = await get(base, '/login', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers 404 for a missing asset instead of the page, and never serves dotfiles or variants by name', async () => {
    expect((await get(base, '/assets/gone-Zzz999.js')).status).toBe(404);
    expect((await get(base, '/assets/app-Abc123.js.br')).status).toBe(404);
    const dotfile = await get(base, '/.env');
    expect(dotfile.body.toString()).not.toContain('SECRET');
    const outside = await get(base, '/%2e%2e/%2e%2e/etc/passwd');
    expect(outside.body.toString()).not.toContain('root:');
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get(base, '/assets/app-Abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync(JS).length);
    expect(head.body.length).toBe(0);
  });

  it('reads Accept-Encoding q-values and *', () => {
    expect(acceptsEncoding('gzip, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, *;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});

describe('the app serves its web build beside the API', () => {
  it('keeps /api answers JSON and serves the page and assets with their headers', async () => {
    const dir = fakeBuild();
    const config = loadConfig({ ...process.env, DATA_DIR: 'node_modules/.cache/budget-tests/data' });
    // No route here reaches the database: a knex handle that never connects (the work queue keys on it).
    const db = knexFactory({ client: 'pg', connection: 'postgres://127.0.0.1:1/none' });
    const app: AppContext = { db, config, log: createLogger('silent') };
    const { base, server } = await listen(createApp(app, { webDist: dir }));
    try {
      const missing = await get(base, '/api/no-such-route');
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
      const page = await get(base, '/admin', { 'Accept-Encoding': 'gzip' });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(gunzipSync(page.body).toString()).toBe(HTML);
      const asset = await get(base, '/assets/app-Abc123.js', { 'Accept-Encoding': 'br' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('br');
    } finally {
      server.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
