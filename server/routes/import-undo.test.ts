import { describe, expect, it } from 'vitest';
import { fiscalYearLabel } from '@shared/budget-math';
import { makeDistrict, type District } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

/**
 * Undo of a payroll or budget import (POST /import/runs/:id/undo): what the import added goes,
 * recomputed from the tables, and each refusal names why and changes nothing.
 */
const s = importSuite('import-undo-test-');

const PAYROLL = 'Employee Name,Title,School,Salary,FTE';

/** What an import writes and undo removes, counted from the tables (a district's own rows). */
async function tables(d: District) {
  const knex = s.t.db.knex;
  const count = async (q: ReturnType<typeof knex>) => Number((await q.count({ n: '*' }).first())?.n);
  const positions = knex('positions').where({ budget_year_id: d.budgetYearId });
  return {
    lines: await count(knex('line_items').where({ budget_year_id: d.budgetYearId })),
    positions: await count(positions.clone()),
    vacant: await count(positions.clone().where({ status: 'vacant' })),
    holders: await count(knex('position_holders').whereIn('position_id', positions.clone().select('id'))),
    history: await count(knex('position_history')),
    // Not the security log, which records each refused request.
    audit: await count(knex('audit_log').whereNot({ entity: 'security' })),
    undone: await count(knex('import_runs').whereNotNull('undone_at')),
  };
}

/** The rows an undo takes back, leaving out the logs (history, audit) and the run's mark. */
const asBefore = (t: Awaited<ReturnType<typeof tables>>) => ({ ...t, history: 0, audit: 0, undone: 0 });

async function importInto(d: District, csv: string, importType = 'operating', name = 'staff.csv') {
  const file = await s.upload(csv, name, importType);
  const res = await s.execute({
    fileName: file.fileName,
    columnMappings: file.mapping,
    importType,
    budgetYearId: d.budgetYearId,
    versionId: d.versionId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.importRunId as number;
}

const undo = (id: number, token = s.admin.token) => s.t.api('post', `/import/runs/${id}/undo`, { token });
const status = (id: number, token = s.admin.token) => s.t.api('get', `/import/runs/${id}/undo`, { token });

/** The refusal, with nothing changed in the tables. */
async function refusedWith(d: District, id: number, message: string) {
  const before = await tables(d);
  const checked = await status(id);
  expect(checked.body).toMatchObject({ undoable: false, reason: message });
  const res = await undo(id);
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.error).toBe(message);
  expect(await tables(d)).toEqual(before);
}

const fyOf = async (d: District) =>
  Number((await s.t.db.knex('budget_versions').where({ id: d.versionId }).first('fiscal_year')).fiscal_year);

describe('POST /import/runs/:id/undo', () => {
  it('removes a payroll’s lines, the positions it made and its open positions, and marks the run undone', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const tag = Object.keys(d.buildings)[1].slice(3);
    const before = await tables(d);
    const rows = ['"Lee, Ana",Teacher,HSE{tag},"61,234.50",1', ',Aide,HSE{tag},"15,000.01",0.6'];
    const id = await importInto(
      d,
      [PAYROLL, ...rows, '"Park, Jo",Teacher,HSE{tag},58000,1'].join('\n').replaceAll('{tag}', tag),
    );
    const imported = await tables(d);
    expect(imported.lines - before.lines).toBe(2);
    expect(imported.positions - before.positions).toBe(3);

    const checked = await status(id);
    const fiscalYear = await fyOf(d);
    expect(checked.body).toEqual({
      importRunId: id,
      fiscalYear,
      lines: 2,
      positions: 3,
      undoable: true,
      reason: null,
    });
    const res = await undo(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      importRunId: id,
      fiscalYear,
      linesRemoved: 2,
      positionsRemoved: 3,
      positionsReopened: 0,
    });
    const after = await tables(d);
    expect(asBefore(after)).toEqual(asBefore(before));
    expect(after.undone).toBe(before.undone + 1);
    const run = await s.t.db.knex('import_runs').where({ id }).first('undone_at', 'undone_by');
    expect(run.undone_by).toBe(s.admin.id);
    const audit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'import-run', entity_id: String(id), action: 'delete' });
    expect(audit).toHaveLength(1);
    // Each line's removal is audited by the line writer, naming the undo.
    const lineAudit = await s.t.db
      .knex('audit_log')
      .where({ entity: 'line-item', action: 'delete' })
      .whereRaw(`after ->> 'removedBecause' LIKE ?`, [`Import #${id} of %`]);
    expect(lineAudit).toHaveLength(2);

    // Undone, it is no longer listed as undoable nor an earlier import of its file.
    await refusedWith(d, id, 'This import was already undone');
    const listed = await s.t.api('get', `/import/runs?budgetYearId=${d.budgetYearId}`, {
      token: s.admin.token,
    });
    expect(listed.body.runs.find((r: { id: number }) => r.id === id).undoneAt).toBe(
      new Date(run.undone_at).toISOString(),
    );
    const again = await s.upload([PAYROLL, ...rows].join('\n').replaceAll('{tag}', tag), 'staff.csv');
    expect(again.analysis.previousImports).toEqual([]);
  });

  it('gives back a waiting position a newcomer filled, posted as it was', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const tag = Object.keys(d.buildings)[1].slice(3);
    // The first payroll's open position waits; posting it is the district's own change.
    const first = await importInto(
      d,
      [PAYROLL, `,Nurse,HSE${tag},50000,1`].join('\n'),
      'operating',
      'open.csv',
    );
    const pos = await s.t.db
      .knex('positions')
      .where({ budget_year_id: d.budgetYearId, title: 'Nurse' })
      .first('id', 'version');
    const posted = await s.t.api('post', `/positions/${pos.id}/status`, {
      token: s.admin.token,
      body: { status: 'posted', version: pos.version },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const before = await tables(d);
    const id = await importInto(
      d,
      [PAYROLL, `"Ng, Lu",Nurse,HSE${tag},52000,1`].join('\n'),
      'operating',
      'new.csv',
    );
    expect((await s.t.db.knex('positions').where({ id: pos.id }).first('status')).status).toBe('filled');
    // The earlier run is not the latest any more: it names the later one.
    await refusedWith(
      d,
      first,
      `A later import into ${fiscalYearLabel(await fyOf(d))} (#${id}, new.csv) came after this one: undo that one first`,
    );
    const res = await undo(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ linesRemoved: 1, positionsRemoved: 0, positionsReopened: 1 });
    expect((await s.t.db.knex('positions').where({ id: pos.id }).first('status')).status).toBe('posted');
    const after = await tables(d);
    expect(asBefore(after)).toEqual(asBefore(before));
  });

  it('removes a budget import’s lines', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const before = await tables(d);
    const id = await importInto(
      d,
      ['Account Description,Function,Amount', 'Textbooks,2410,"1,000.00"', 'Paper,2410,250.50'].join('\n'),
      'proposed',
      'budget.csv',
    );
    expect((await tables(d)).lines).toBe(before.lines + 2);
    // A run from before runs recorded their fiscal year (the demo's) is its lines' one year.
    await s.t.db.knex('import_runs').where({ id }).update({ fiscal_year: null });
    expect((await status(id)).body).toMatchObject({ fiscalYear: await fyOf(d), lines: 2, undoable: true });
    const res = await undo(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ linesRemoved: 2, positionsRemoved: 0 });
    expect((await tables(d)).lines).toBe(before.lines);
  });

  it('refuses once a line of the import was edited, naming how many, and changes nothing', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const id = await importInto(
      d,
      ['Account Description,Function,Amount', 'Chalk,2410,10', 'Ink,2410,20', 'Pens,2410,30'].join('\n'),
      'proposed',
      'edited.csv',
    );
    const ids = await s.t.db.knex('line_items').where({ import_run_id: id }).orderBy('id').pluck('id');
    for (const lineId of ids.slice(0, 2)) {
      const edit = await s.t.api('put', `/line-items/${lineId}`, {
        token: s.admin.token,
        body: { amount: 99 },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    }
    await refusedWith(d, id, '2 lines of this import were edited since: undo would lose those edits');
  });

  it('refuses once a line of the import was deleted, naming how many', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const id = await importInto(
      d,
      ['Account Description,Function,Amount', 'Clips,2410,1', 'Pins,2410,2'].join('\n'),
      'proposed',
      'deleted.csv',
    );
    const [lineId] = await s.t.db.knex('line_items').where({ import_run_id: id }).pluck('id');
    const gone = await s.t.api('delete', `/line-items/${lineId}`, { token: s.admin.token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await refusedWith(d, id, '1 line of this import was deleted since: undo would remove only part of it');
  });

  it('refuses in a locked year, and for a run that does not exist', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const id = await importInto(
      d,
      ['Account Description,Function,Amount', 'Glue,2410,5'].join('\n'),
      'proposed',
      'locked.csv',
    );
    const year = { budgetYearId: d.budgetYearId, fiscalYear: await fyOf(d) };
    const closed = await s.t.api('post', '/budget-stages/close', { token: s.admin.token, body: year });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const caption = (await status(id)).body.reason as string;
    expect(caption).toMatch(
      new RegExp(`^${fiscalYearLabel(year.fiscalYear)} is .*: its imports can no longer be undone$`),
    );
    await refusedWith(d, id, caption);
    expect((await undo(2_000_000_000)).status).toBe(404);
  });

  it('is for those who may import: 401 signed out, 403 for FINANCE and VIEW_ONLY, 400 for a bad id', async () => {
    const d = await makeDistrict(s.t.db.knex);
    const id = await importInto(
      d,
      ['Account Description,Function,Amount', 'Tape,2410,7'].join('\n'),
      'proposed',
      'roles.csv',
    );
    const users = [await s.t.userWith('FINANCE'), await s.t.userWith('VIEW_ONLY')];
    const before = await tables(d);
    expect((await s.t.api('post', `/import/runs/${id}/undo`)).status).toBe(401);
    for (const user of users) {
      expect((await undo(id, user.token)).status).toBe(403);
      expect((await status(id, user.token)).status).toBe(403);
    }
    expect((await undo(Number.NaN)).status).toBe(400);
    expect(await tables(d)).toEqual(before);
  });
});
