import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The server's rooms. A production file lives in a domain folder (server/domains/<name>/, entered
 * through its index.ts) or in one of these places every domain shares; anything else is a file a
 * newcomer would not know where to look for, so adding one fails here until it finds a room or is
 * listed with its reason.
 */
export const SHARED_SERVER: Record<string, string> = {
  'server/app.ts': 'builds the Koa app from the routes',
  'server/config.ts': 'reads the environment once',
  'server/context.ts': 'what a request or a CLI command carries (the database, the logger)',
  'server/docs.ts': 'serves the OpenAPI page',
  'server/errors.ts': 'the one catalogue of errors',
  'server/index.ts': 'starts the server',
  'server/openapi.ts': 'the OpenAPI document from the routes',
  'server/public-page.ts': "the residents' page, served without the app",
  'server/public-page-staffing.ts': "the residents' page's staffing tables (server/public-page.ts)",
  'server/public-page-budget.ts': "the residents' page's budget tables (server/public-page.ts)",
  'server/static.ts': 'serves the built web app',
  'server/db/': 'the connection, migrations, the job queue and the audit writer',
  'server/sql/': 'SQL every domain composes: live lines, counted lines, the next-year salary rule',
  'server/lib/': 'server-side utilities with no business rule of a domain (files, logs, readers)',
  'server/middleware/': 'Koa middleware (validation, errors)',
  'server/policies/': 'who may do what (the table itself is in shared/policy.ts)',
  'server/routes/': 'the thin HTTP handlers, one file per area',
};

/** Production files under server/ that are in no domain and not listed as shared. */
export function strays(files: readonly string[]): string[] {
  const shared = Object.keys(SHARED_SERVER);
  return files.filter(
    (f) =>
      !f.startsWith('server/domains/') && !shared.some((s) => (s.endsWith('/') ? f.startsWith(s) : f === s)),
  );
}

function serverFiles(): string[] {
  return readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .map((f) => `server/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.(test|d)\.ts$/.test(f));
}

describe('the server layout', () => {
  it('puts every production file in a domain or a listed shared place', () => {
    expect(strays(serverFiles())).toEqual([]);
  });

  it('fails on a file added outside a domain', () => {
    expect(strays(['server/services/new-feature.ts', 'server/budget-helpers.ts'])).toEqual([
      'server/services/new-feature.ts',
      'server/budget-helpers.ts',
    ]);
    expect(strays(['server/domains/planning/new-feature.ts', 'server/lib/files.ts'])).toEqual([]);
  });

  it('gives every domain one public face, index.ts', () => {
    const domains = readdirSync(path.join(ROOT, 'server/domains'), { withFileTypes: true }).filter((d) =>
      d.isDirectory(),
    );
    expect(domains.length).toBeGreaterThan(5);
    expect(domains.filter((d) => !existsSync(path.join(ROOT, 'server/domains', d.name, 'index.ts')))).toEqual(
      [],
    );
  });
});
