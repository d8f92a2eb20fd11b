import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SLOT, HTML_SLOT } from './public-page';
import type { PublicView } from '@shared/schemas/public-dashboard';
import { webApp } from './static';

const TEMPLATE = `<!doctype html><html><head><title>t</title></head><body><div id="root">${HTML_SLOT}</div>${DATA_SLOT}</body></html>`;

const view = {
  urlPath: 'district',
  schoolName: 'Millbrook',
  schoolLogoUrl: null,
  townWebsiteUrl: null,
  schoolWebsiteUrl: null,
  componentOrder: [],
  visibleComponents: [],
  years: [2027],
  data: { '2027': null },
  links: [],
  publishedAt: '2026-11-20T15:00:00.000Z',
} as PublicView;

describe('serving /public/{urlPath}', () => {
  let base: string;
  let close: () => void;
  const asked: string[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'budget-public-'));
    writeFileSync(path.join(dir, 'index.html'), '<p>staff app</p>');
    writeFileSync(path.join(dir, 'public.html'), TEMPLATE);
    const koa = new Koa().use(
      webApp(dir, {
        publicView: async (urlPath) => {
          asked.push(urlPath);
          return urlPath === 'district' ? view : null;
        },
      }),
    );
    await new Promise<void>((resolve) => {
      const server = koa.listen(0, '127.0.0.1', () => {
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        close = () => server.close();
        resolve();
      });
    });
  });
  afterAll(() => close());

  it('sends the public page with the snapshot written in, revalidated by its ETag', async () => {
    const response = await fetch(`${base}/public/district`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<title>FY27 Millbrook Budget</title>');
    expect(html).toContain('No data available for FY27');
    expect(html).toContain('<script type="application/json" id="public-view-data">{"urlPath":"district"');
    // node:http, since fetch adds headers of its own to a conditional request.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/public/district`,
        { headers: { 'If-None-Match': response.headers.get('etag')! } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(304);
    expect(asked).toContain('district');
  });

  it('answers an unknown path 404 with Dashboard Not Found, and leaves other pages to the staff app', async () => {
    const missing = await fetch(`${base}/public/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<h1>Dashboard Not Found</h1>');
    expect(await (await fetch(`${base}/admin/public-dashboard`)).text()).toBe('<p>staff app</p>');
  });
});
