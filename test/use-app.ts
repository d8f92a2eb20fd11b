import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@shared/schemas/common';
import { createTestApp, type TestApp } from './app';

/** A signed-in user, as TestApp.userWith makes one. */
export type Agent = Awaited<ReturnType<TestApp['userWith']>>;

const NAMES = { ADMIN: 'admin', FINANCE: 'finance', VIEW_ONLY: 'viewer' } as const;
type Agents<R extends Role> = { [K in R as (typeof NAMES)[K]]: Agent };

/**
 * This file's (or describe block's) test app, started in beforeAll and closed in afterAll, with one
 * signed-in user per role asked for, made in that order. `t` stands in for the app and each agent
 * is filled in by beforeAll: read them inside tests and hooks, never at the top of a file.
 */
export function useApp<R extends Role = never>(
  roles: readonly R[] = [],
  options?: Parameters<typeof createTestApp>[0],
): { t: TestApp } & Agents<R> {
  let app: TestApp | undefined;
  const current = (): TestApp => {
    if (!app) {
      throw new Error('useApp: the test app starts in beforeAll; use it inside a test or a hook');
    }
    return app;
  };
  const t: TestApp = {
    get db() {
      return current().db;
    },
    get app() {
      return current().app;
    },
    get url() {
      return current().url;
    },
    api: (method, path, apiOptions) => current().api(method, path, apiOptions),
    userWith: (role, overrides) => current().userWith(role, overrides),
    close: () => current().close(),
  };
  const agents: Record<string, Agent> = {};
  for (const role of roles) {
    agents[NAMES[role]] = {} as Agent;
  }
  beforeAll(async () => {
    app = await createTestApp(options);
    for (const role of roles) {
      Object.assign(agents[NAMES[role]], await app.userWith(role));
    }
  });
  afterAll(() => app?.close());
  return { t, ...agents } as { t: TestApp } & Agents<R>;
}
