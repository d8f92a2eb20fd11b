import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
