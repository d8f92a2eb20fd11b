import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Knex } from 'knex';
import { openDb } from '../server/db/index';
import { migrateLatest } from '../server/db/migrate';
import { adminUrl, templateName } from './pg-names';
import { readSweep, sweepReport, SWEEP_EXEMPT } from './response-check';

/**
 * Migrates once per run. PGlite: the migrated database is dumped to a file that every test file
 * loads (under a second, against ~4 s for a fresh migrate). The file is kept for the next run and
 * named by a hash of what makes it (pgliteTemplateKey), so a focused run (`npm test -- one.test.ts`)
 * skips the migration while a changed migration still gets a fresh one. Real PostgreSQL
 * (TEST_DATABASE_URL): a migrated template database that every test file copies with
 * CREATE DATABASE ... TEMPLATE. The teardown runs the response sweep (responseSweep below) and
 * removes the run's server template.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const runId = `${process.pid}`;
  project.provide('testRunId', runId);
  const cache = path.resolve('node_modules/.cache/budget-tests');
  // CI_SWEEP_DIR: the runs of a phase split in parts (CI_TIMED) record into one folder, which
  // .ci/run empties first, and the last part sweeps it.
  const shared = process.env.CI_SWEEP_DIR;
  const sweepDir = shared ? path.resolve(shared) : path.join(cache, `responses-${runId}`);
  if (!shared) {
    rmSync(sweepDir, { recursive: true, force: true });
  }
  mkdirSync(sweepDir, { recursive: true });
  project.provide('responseSweepDir', sweepDir);
  const sweep = async () => {
    try {
      await responseSweep(project, sweepDir);
    } finally {
      if (!shared) {
        rmSync(sweepDir, { recursive: true, force: true });
      }
    }
  };
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
      try {
        await sweep();
      } finally {
        const again = await openDb({ url: adminUrl(url) });
        try {
          await dropRunDatabases(again.knex, runId);
          await again.knex.raw(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`);
        } finally {
          await again.close();
        }
      }
    };
  }
  const file = path.join(cache, `template-${pgliteTemplateKey()}.tar`);
  if (!existsSync(file)) {
    const db = await openDb({});
    await migrateLatest(db.knex);
    await dropTemplateDatabases(db.knex);
    const dump = await db.pglite!.dumpDataDir('none');
    await db.close();
    // Written aside and renamed: a run starting meanwhile never loads half a file.
    const partial = `${file}.${runId}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  pruneTemplates(cache, file);
  project.provide('pgliteTemplate', file);
  return sweep;
}

/** What the template holds besides the migrated database: changed, every cached template is rebuilt. */
const TEMPLATE_FORM = 'postgres database only';

/**
 * Every test file opens a copy of the template (test/db.ts): PostgreSQL's own template databases in
 * it, which no test copies from (the embedded database never runs CREATE DATABASE), were a third of
 * its 44 MB and about a quarter of each open's CPU (0.8 to 0.56 CPU-s).
 */
async function dropTemplateDatabases(knex: Knex): Promise<void> {
  await knex.raw("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await knex.raw('DROP DATABASE template0');
  await knex.raw('DROP DATABASE template1');
}

/**
 * What the migrated PGlite template depends on: the migrations, the modules outside their folder
 * they import (the positions migration runs the positions domain's SQL: a change there must build
 * a new template too), the code that applies them, and the PGlite release that wrote the files.
 */
function pgliteTemplateKey(): string {
  const hash = createHash('sha256');
  const dir = path.resolve('migrations');
  const outside = new Set<string>();
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
      const source = readFileSync(path.join(dir, name));
      hash.update(name).update(source);
      for (const [, spec] of source.toString().matchAll(/from '((?:\.\.\/|@server\/)[^']+)'/g)) {
        outside.add(
          spec.startsWith('@server/') ? path.resolve('server', spec.slice(8)) : path.resolve(dir, spec),
        );
      }
    }
  }
  for (const file of [...outside].sort()) {
    hash.update(file).update(readFileSync(`${file}.ts`));
  }
  hash.update(readFileSync(path.resolve('server/db/migrate.ts')));
  hash.update(TEMPLATE_FORM);
  hash.update(readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Templates of other migrations, a day old (a run still using one has long finished). */
function pruneTemplates(cache: string, keep: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(cache)) {
    const file = path.join(cache, name);
    if (name.startsWith('template-') && file !== keep && statSync(file).mtimeMs < dayAgo) {
      rmSync(file, { force: true });
    }
  }
}

/**
 * The response sweep (test/response-check.ts): every route must have answered a 2xx whose body was
 * checked against its response schema somewhere in the suite, unless SWEEP_EXEMPT names it.
 *
 * It runs only on a full run, decided from what vitest actually ran rather than from a flag, so
 * `npm test` (and .ci/run, on PGlite and on PostgreSQL) always checks it and nobody can forget to
 * set one: every test file the config includes ran, with no test-name filter (-t), not in watch
 * mode. A run of some files (`npx vitest run some.test.ts`, a folder, --shard, --changed) skips it
 * silently, since a route only another file calls would look unchecked. A failed sweep prints the
 * routes and sets the exit code: the run fails after its summary (vitest reports teardown output
 * after it). On a run whose tests failed it still reports, saying so.
 */
async function responseSweep(project: TestProject, dir: string): Promise<void> {
  const { vitest } = project;
  const modules = vitest.state.getTestModules();
  const ran = new Set(modules.map((m) => path.resolve(m.moduleId)));
  const { testFiles } = await project.globTestFiles();
  // A run split by CI_TIMED (vitest.config.ts) is a part of a phase: only its last part (the timed
  // files, run after the rest) sweeps, and only what every part recorded in CI_SWEEP_DIR.
  const timed = process.env.CI_TIMED;
  const full =
    (!timed || (timed === 'only' && !!process.env.CI_SWEEP_DIR)) &&
    !vitest.config.watch &&
    !vitest.config.testNamePattern &&
    testFiles.length > 0 &&
    testFiles.every((f) => ran.has(path.resolve(f)));
  if (!full) {
    return;
  }
  const failed = modules.some((m) => m.state() === 'failed');
  const { allRoutes } = await import('../server/routes/index');
  const { unchecked, staleExemptions } = sweepReport(allRoutes, readSweep(dir));
  if (!unchecked.length && !staleExemptions.length) {
    const exempt = Object.keys(SWEEP_EXEMPT).length;
    console.log(
      `\nResponse sweep: all ${allRoutes.length - exempt} routes answered a 2xx checked against their response schema (${exempt} exempt).`,
    );
    return;
  }
  const lines = [
    '',
    'Response sweep FAILED (test/response-check.ts, test/global-setup.ts).',
    ...(failed
      ? ['Tests failed in this run: a route they would have called successfully may be listed.']
      : []),
    ...(unchecked.length
      ? [
          `${unchecked.length} route(s) never answered a 2xx checked against their response schema in any test:`,
          ...unchecked.map((k) => `  ${k}`),
          'Add a test that calls each successfully (see server/routes/response-sweep.test.ts), or exempt it in SWEEP_EXEMPT with the reason.',
        ]
      : []),
    ...(staleExemptions.length
      ? [
          'Stale SWEEP_EXEMPT entries (no such route, or the suite does check it): remove them:',
          ...staleExemptions.map((k) => `  ${k}`),
        ]
      : []),
  ];
  console.error(lines.join('\n'));
  process.exitCode = 1;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRunId: string;
    pgliteTemplate: string;
    responseSweepDir: string;
  }
}

/**
 * The test files' databases a worker had not dropped yet when it ended (test/db.ts drops them
 * behind the tests). A drop another process is making at the same moment is left to it.
 */
async function dropRunDatabases(knex: Knex, runId: string): Promise<void> {
  const { rows } = await knex.raw<{ rows: { datname: string }[] }>(
    `SELECT datname FROM pg_database WHERE datname LIKE ?`,
    [`budget\\_test\\_${runId}\\_%`],
  );
  for (const { datname } of rows) {
    await knex.raw(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}
