import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The port this run's app listens on: E2E_PORT lets several runs share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The web build this run serves: playwright.config.ts builds into it, a folder per port. With
 * E2E_WEB_DIST, a build made beforehand (.ci/run builds once for the halves it runs side by side).
 */
export const WEB_DIST = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.resolve(import.meta.dirname, '../node_modules/.cache/e2e-web', String(E2E_PORT));

/** A built file's text, by its path in the build ('index.html', '/assets/...'). */
export function builtText(file: string): string {
  return readFileSync(path.join(WEB_DIST, file), 'utf8');
}

/** The entry script a built page loads ('/assets/main-....js'). */
export function entryScript(page: 'index.html' | 'public.html'): string {
  return builtText(page).match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1] ?? '';
}
