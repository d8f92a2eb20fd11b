import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp } from '@server/app';
import { DATA_SLOT, HTML_SLOT } from '@server/public-page';
import type { TestApp } from './app';

/**
 * The real app serving a web build of the test's own: a staff page and a template of the
 * residents' page with its two slots, so a test reads /public/... as a browser would, with no build.
 */
export async function servePublicPage(t: TestApp): Promise<{ base: string; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-public-page-'));
  writeFileSync(path.join(dir, 'index.html'), '<p>staff app</p>');
  writeFileSync(
    path.join(dir, 'public.html'),
    `<html><head><title>t</title></head><body>${HTML_SLOT}${DATA_SLOT}</body></html>`,
  );
  const server = createApp(t.app, { webDist: dir }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A public page as a reader without JavaScript gets it: the HTML without the snapshot the script reads. */
export async function plainHtml(base: string, urlPath: string): Promise<string> {
  const res = await fetch(`${base}/public/${urlPath}`);
  if (res.status !== 200) {
    throw new Error(`/public/${urlPath} answered ${res.status}`);
  }
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/g, '');
}

/**
 * This file's (or describe block's) residents' page, served by `servePublicPage` in beforeAll and
 * closed in afterAll. `t` is read in beforeAll (useApp's stands in for the app), and the handle's
 * `base` is read inside tests and hooks, never at the top of a file.
 */
export function usePublicPage(t: TestApp): { readonly base: string } {
  let page: Awaited<ReturnType<typeof servePublicPage>> | undefined;
  beforeAll(async () => {
    page = await servePublicPage(t);
  });
  afterAll(() => page?.close());
  return {
    get base() {
      if (!page) {
        throw new Error('usePublicPage: the page is served in beforeAll; use it inside a test or a hook');
      }
      return page.base;
    },
  };
}

/**
 * Saves the residents' page settings `config` (its urlPath among them) as the admin `token` does,
 * then Publish with `publish`'s body (`{ confirm: true }` answers its question about a $0 year).
 */
export async function configureAndPublish(
  t: TestApp,
  token: string,
  config: { urlPath: string } & Record<string, unknown>,
  publish?: Record<string, unknown>,
): Promise<void> {
  const configId = (await t.api('get', '/public-dashboard/config', { token })).body.config.id;
  const saved = await t.api('patch', `/public-dashboard/config/${configId}`, { token, body: config });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const published = await t.api('post', `/public-dashboard/publish/${configId}`, { token, body: publish });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}
