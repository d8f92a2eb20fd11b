import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../server/db/index';
import { migrateLatest } from '../server/db/migrate';
import { adminUrl, templateName } from './pg-names';

/**
 * Migrates once per run. PGlite: the migrated database is dumped to a file that every test file
 * loads (under a second, against ~4 s for a fresh migrate). Real PostgreSQL (TEST_DATABASE_URL): a
 * migrated template database that every test file copies with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const runId = `${process.pid}`;
  project.provide('testRunId', runId);
  if (url) {
    const admin = await openDb({ url: adminUrl(url) });
    const tpl = templateName(runId);
    await admin.knex.raw(`DROP DATABASE IF EXISTS ${tpl}`);
    await admin.knex.raw(`CREATE DATABASE ${tpl}`);
    const db = await openDb({ url: adminUrl(url, tpl) });
    await migrateLatest(db.knex);
    await db.close();
    await admin.close();
    return async () => {
      const again = await openDb({ url: adminUrl(url) });
      await again.knex.raw(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`);
      await again.close();
    };
  }
  const db = await openDb({});
  await migrateLatest(db.knex);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const dir = path.resolve('node_modules/.cache/budget-tests');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${runId}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    pgliteTemplate: string;
  }
}
