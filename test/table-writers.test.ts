import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One writer per table (the brief's house rule, as line_items has through the lint in
 * eslint.config.js): each table below is written only by the files of the domain that owns it.
 * Another domain that needs a write calls the owner's named function from its index.ts. A search
 * of the source, not of the syntax tree: SQL spelled out (UPDATE, INSERT INTO, DELETE FROM,
 * TRUNCATE) and knex chains (db('table')...update() up to the statement's end) are found.
 */
export const TABLE_OWNERS: Record<string, string> = {
  budget_years: 'server/domains/budgets/',
  fiscal_year_homes: 'server/domains/budgets/',
  budget_stages: 'server/domains/stages/',
  budget_stage_staffing: 'server/domains/stages/',
  budget_settings: 'server/domains/budgets/',
  budget_versions: 'server/domains/budgets/',
  nss_parameters: 'server/domains/massachusetts/',
  nss_inclusion_rules: 'server/domains/massachusetts/',
  funds: 'server/domains/funds/',
  positions: 'server/domains/positions/',
  position_holders: 'server/domains/positions/',
  position_fund_shares: 'server/domains/positions/',
  position_history: 'server/domains/positions/',
  vacancy_placements: 'server/domains/positions/',
};

const ROOT = path.resolve(import.meta.dirname, '..');
const TABLES = Object.keys(TABLE_OWNERS).join('|');
const SQL_WRITE = new RegExp(
  String.raw`\b(?:update|insert\s+into|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(${TABLES})"?(?!\w)`,
  'gi',
);
const KNEX_TABLE = new RegExp(String.raw`\(\s*(['"\x60])(${TABLES})(?:\s+(?:as\s+)?\w+)?\1\s*\)`, 'g');
const KNEX_WRITE = /\.\s*(insert|update|upsert|del|delete|truncate|increment|decrement)\s*\(/;

/** The writes of the listed tables in one file's text: `table: what` for each. */
export function tableWrites(source: string): { table: string; line: number; what: string }[] {
  const lineOf = (at: number) => source.slice(0, at).split('\n').length;
  const found: { table: string; line: number; what: string }[] = [];
  for (const m of source.matchAll(SQL_WRITE)) {
    found.push({ table: m[1].toLowerCase(), line: lineOf(m.index), what: m[0].replace(/\s+/g, ' ') });
  }
  for (const m of source.matchAll(KNEX_TABLE)) {
    const end = source.indexOf(';', m.index);
    const chain = source.slice(m.index, end < 0 ? undefined : end);
    const write = KNEX_WRITE.exec(chain);
    if (write) {
      found.push({ table: m[2], line: lineOf(m.index), what: `('${m[2]}').${write[1]}()` });
    }
  }
  return found;
}

/** `file:line table what` for each write of a listed table outside its owner's folder. */
export function strayWrites(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) =>
    tableWrites(source)
      .filter((w) => !file.startsWith(TABLE_OWNERS[w.table]))
      .map((w) => `${file}:${w.line} ${w.what} (owned by ${TABLE_OWNERS[w.table]})`),
  );
}

function serverSources(): { file: string; source: string }[] {
  return readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .map((f) => `server/${f.split(path.sep).join('/')}`)
    .filter((f) => /\.(ts|mjs)$/.test(f) && !/\.(test|d)\.ts$|factories\.ts$|\.world\.ts$/.test(f))
    .map((file) => ({ file, source: readFileSync(path.join(ROOT, file), 'utf8') }));
}

describe('one writer per table', () => {
  it.each([
    ['an UPDATE in SQL', "db.raw('UPDATE budget_years SET name = ? WHERE id = ?', ['x', 1]);"],
    ['an INSERT INTO in a template', 'db.raw(`INSERT INTO fiscal_year_homes (fiscal_year) SELECT 1`);'],
    ['a DELETE FROM', "db.raw('WITH gone AS (DELETE FROM budget_stages WHERE id = 1) SELECT 1');"],
    ['a knex delete', "await db('budget_stages').where({ id: stageId }).del();"],
    [
      'a knex update over lines',
      "await trx('budget_years')\n  .where({ id })\n  .update({ base_year: 2027 });",
    ],
    ['a knex insert with an alias', "await db<Row>('fiscal_year_homes as h').insert({ fiscal_year: 2027 });"],
  ])('finds %s written outside the owner', (_what, source) => {
    const strays = strayWrites([{ file: 'server/domains/roll-forward/queries/probe.ts', source }]);
    expect(strays).toHaveLength(1);
    expect(strays[0]).toMatch(
      /^server\/domains\/roll-forward\/queries\/probe\.ts:\d+ .*\(owned by server\/domains\//,
    );
  });

  it('passes the same writes inside the owner, and reads anywhere', () => {
    const inOwner = [
      {
        file: 'server/domains/budgets/queries/probe.ts',
        source: "db('budget_years').update({ name: 'x' });",
      },
      { file: 'server/domains/stages/probe.ts', source: "db('budget_stages').where({ id: 1 }).del();" },
    ];
    const reads = {
      file: 'server/domains/planning/probe.ts',
      source: [
        "const y = await db('budget_years').where({ id }).first('id');",
        "const h = await db('fiscal_year_homes as f').join('budget_years as b', 'b.id', 'f.budget_year_id').first();",
        "await db.raw('SELECT id FROM budget_stages WHERE fiscal_year = ?', [2027]);",
        "await db('line_items').update({ budget_year_id: 1 });",
      ].join('\n'),
    };
    expect(strayWrites([...inOwner, reads])).toEqual([]);
  });

  it('the real tree writes each listed table only in its owner', () => {
    expect(strayWrites(serverSources())).toEqual([]);
  });
});
