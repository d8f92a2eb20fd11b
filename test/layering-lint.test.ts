import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one writer of line items is held by eslint.config.js: only server/domains/line-items/
 * imports the line-writing queries, and a write to line_items spelled anywhere else under server/
 * is an error. A probe in another domain (server/domains/planning/) that writes lines outside the writer fails; the same
 * probe inside the writer, and the real tree, pass.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const RULES = new Set(['lines/no-line-writes', 'no-restricted-imports']);

async function layering(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => RULES.has(m.ruleId ?? '')).map((m) => `${m.ruleId}: ${m.message}`);
}

const PROBE = 'server/domains/planning/probe-line-writes.ts';

describe('the line writer is the only writer of line_items', () => {
  it.each([
    [
      'imports the line-writing queries',
      "import { updateLines } from '@server/domains/line-items/queries/line-items-writes';\nexport const used = [updateLines];",
      'no-restricted-imports',
    ],
    [
      'imports them by a relative path',
      "import * as w from '../queries/line-items-writes-placement';\nexport const used = [w];",
      'no-restricted-imports',
    ],
    [
      'writes UPDATE line_items in SQL',
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db.raw('UPDATE line_items SET notes = ? WHERE id = ?', ['x', 1]);",
      'lines/no-line-writes',
    ],
    [
      'writes INSERT INTO line_items in a template',
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db, c: string) => db.raw(`INSERT INTO line_items (${c}) SELECT ${c} FROM line_items`);",
      'lines/no-line-writes',
    ],
    [
      'deletes with DELETE FROM line_items',
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db.raw(`WITH gone AS (DELETE FROM line_items li WHERE li.id = 1 RETURNING 1) SELECT 1`);",
      'lines/no-line-writes',
    ],
    [
      "updates through knex('line_items')",
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db('line_items').where({ id: 1 }).update({ notes: 'x' });",
      'lines/no-line-writes',
    ],
    [
      "inserts through knex('line_items')",
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db('line_items').insert({ notes: 'x' }).returning('id');",
      'lines/no-line-writes',
    ],
    [
      "deletes through knex('line_items as li')",
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db('line_items as li').whereIn('li.id', [1]).del();",
      'lines/no-line-writes',
    ],
    [
      'deletes projected lines with DELETE FROM projected_lines',
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db.raw('DELETE FROM projected_lines WHERE id = ?', [1]);",
      'lines/no-line-writes',
    ],
    [
      "updates through knex('projected_lines')",
      "import type { Db } from '@server/db/index';\nexport const f = (db: Db) => db('projected_lines').where({ id: 1 }).update({ salary_step: 2 });",
      'lines/no-line-writes',
    ],
    [
      'COPYs into line_items',
      "import type { Knex } from 'knex';\nimport { openCopy } from '@server/lib/import/copy';\nexport const f = (trx: Knex.Transaction) => openCopy(trx, 'line_items', ['notes']);",
      'lines/no-line-writes',
    ],
  ])('a probe in server/domains/planning/ that %s fails the lint', async (_what, source, rule) => {
    const messages = await layering(PROBE, `${source}\n`);
    expect(messages.join('\n')).toContain(`${rule}: `);
    expect(messages.join('\n')).toMatch(/line writer/);
  });

  it('the same writes inside the writer (server/domains/line-items/) pass', async () => {
    const source = [
      "import type { Db } from '@server/db/index';",
      "import { updateLines } from '@server/domains/line-items/queries/line-items-writes';",
      "export const f = (db: Db) => db('line_items').where({ id: 1 }).update({ notes: 'x' });",
      "export const g = (db: Db) => db.raw('UPDATE line_items SET notes = ? WHERE id = ?', ['x', 1]);",
      'export const used = [updateLines];',
    ].join('\n');
    expect(await layering('server/domains/line-items/probe.ts', `${source}\n`)).toEqual([]);
  });

  it('reads of line_items elsewhere pass', async () => {
    const source = [
      "import type { Db } from '@server/db/index';",
      "export const f = (db: Db) => db('line_items').where({ id: 1 }).forUpdate().select('id');",
      "export const g = (db: Db) => db.raw('SELECT li.id FROM line_items li WHERE li.updated_at > now()');",
    ].join('\n');
    expect(await layering(PROBE, `${source}\n`)).toEqual([]);
  });

  it('the real tree passes: no file under server/ writes lines outside the writer', async () => {
    const results = await eslint.lintFiles(['server/**/*.ts']);
    const offenders = results.flatMap((r) =>
      r.messages
        .filter((m) => RULES.has(m.ruleId ?? ''))
        .map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(offenders).toEqual([]);
  }, 180_000);
});
