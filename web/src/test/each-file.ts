import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Run before every screen test file (vitest.config.ts, setupFiles). The files of one worker share
 * its modules (isolate: false), so a hook registered when a shared module is first imported (as
 * render.tsx's once was) would be registered for that first file only: each file registers its own
 * here. After every test: the rendered tree unmounted, storage emptied, stubbed globals, spies
 * and the clock put back, so no test sees what the one before it left.
 */
afterEach(() => {
  // Files without a page environment (plain rules) have no DOM and no storage.
  if (typeof document !== 'undefined') {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * Each test starts at the app's origin: a navigation happy-dom cannot follow (a full-page redirect
 * to /login a test set off) leaves the shared page at about:blank, where history.replaceState
 * cannot set a path.
 */
beforeEach(() => {
  const page = (globalThis as { happyDOM?: { setURL(url: string): void } }).happyDOM;
  if (page && window.location.href === 'about:blank') {
    page.setURL('http://localhost:3000/');
  }
});
