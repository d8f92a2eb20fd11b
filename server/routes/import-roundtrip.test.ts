// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { createGrid, type ColDef, type GridApi } from 'ag-grid-community';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { EmployeeLineItem } from '@shared/schemas/line-item-dtos';
import { applyAutomaticNextYearSalary } from '@server/domains/line-items/index';
import { exportColumnsOf, shownNodesOf } from '@web/components/data-grid/export-toolbar';
import { GRID_MODULES } from '@web/components/data-grid/grid-theme';
import { buildXlsx } from '@web/lib/export';
import { employeeColumns } from '@web/screens/operating-budget/columns';
import { importSuite, suggestedMapping } from '../../test/worlds/import.suite';

/**
 * The app's own Excel export imports back. Lines made here go through the
 * Employee Budget Manager's own columns, a (headless) AG Grid and the Export Excel code, and the
 * workbook is imported into an empty budget year through the API; every line comes back the same.
 * (happy-dom gives the grid its DOM; its fetch reaches the test server across origins.)
 */
const s = importSuite('import-roundtrip-test-');

const FIELDS = [
  'firstName',
  'lastName',
  'position',
  'buildingId',
  'locationCode',
  'currentSalary',
  'nextYearSalary',
  'nextYearSalaryManual',
  'currentFTE',
  'hireDate',
  'workGroup',
  'workGroupId',
  'employeeStatus',
  'deseCode',
  'department',
  'jobClass',
] as const;

async function employeeLines(budgetYearId: number, fiscalYear: number): Promise<EmployeeLineItem[]> {
  const list = await s.t.api(
    'get',
    `/line-items/budget?budgetYearId=${budgetYearId}&fiscalYear=${fiscalYear}&isOperating=true`,
    { token: s.admin.token },
  );
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  return list.body.lineItems as EmployeeLineItem[];
}

/** POST /import/analyze with the file as a browser sends it (happy-dom's FormData keeps a File's name). */
async function upload(bytes: ArrayBuffer, name: string) {
  const form = new FormData();
  form.append('importType', 'operating');
  form.append('file', new File([bytes], name));
  const res = await fetch(`${s.t.url}/api/import/analyze`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.admin.token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** The workbook the Export Excel button makes of these lines in the Employee Budget Manager. */
async function exportWorkbook(lines: EmployeeLineItem[]): Promise<ArrayBuffer> {
  // Cell renderers are React components, which a grid without React cannot draw; exports never use them.
  const columnDefs = employeeColumns({ canEdit: false, onEdit: () => {} }).map(
    (d): ColDef<EmployeeLineItem> => ({ ...d, cellRenderer: undefined }),
  );
  const div = document.createElement('div');
  document.body.append(div);
  const api: GridApi<EmployeeLineItem> = createGrid(
    div,
    { columnDefs, rowData: lines },
    { modules: GRID_MODULES },
  );
  try {
    return await buildXlsx(shownNodesOf(api), exportColumnsOf(api), 'Employees');
  } finally {
    api.destroy();
    div.remove();
  }
}

describe('the Employee Budget Manager export', () => {
  it('imports back into an empty budget year with the same lines', async () => {
    const knex = s.t.db.knex;
    const { d } = s;
    const by = await knex('budget_years').where({ id: d.budgetYearId }).first();
    const year: number = by.current_fiscal_year;
    const wg = await knex('work_groups').where({ id: d.workGroupId }).first();
    const [mpt, hse] = Object.values(d.buildings);
    const base = {
      budget_year_id: d.budgetYearId,
      scenario_id: d.operatingScenarioId,
      fiscal_year: year,
      is_operating: true,
      metadata: { needsReview: false, importWarnings: [] },
    };
    const inserted = await knex('line_items')
      .insert([
        // Auto next-year salary by the rule; a building by name, its own location code.
        {
          ...base,
          first_name: 'Stacy-Michelle',
          last_name: 'Reid',
          position: 'Teacher',
          current_salary: 153224.76,
          current_fte: 1,
          location_code: 'MPT',
          building_id: mpt,
          work_group_id: wg.id,
          work_group: wg.name,
          hire_date: '2012-08-27',
          employee_status: 'Active',
          dese_code: '2305',
          department: 'Career Technical',
          job_class: 'T04',
        },
        // District Wide with location 'DW' (issue: 'Building DW matches no building'); a manual value.
        {
          ...base,
          first_name: 'Mary Ann',
          last_name: 'Van Buren',
          position: 'Paraprofessional',
          current_salary: 31000,
          next_year_salary: 33333.33,
          next_year_salary_manual: true,
          current_fte: 0.5,
          location_code: 'DW',
          building_id: null,
          work_group_id: wg.id,
          work_group: wg.name,
          hire_date: '2021-09-01',
          employee_status: 'Active',
          dese_code: '2330',
        },
        // Retiring: no next-year salary; no location code, a building all the same.
        {
          ...base,
          first_name: 'Loc H.',
          last_name: 'Duong',
          position: 'Teacher',
          current_salary: 114712.48,
          current_fte: 0.8,
          building_id: hse,
          work_group_id: wg.id,
          work_group: wg.name,
          hire_date: '1999-12-31',
          employee_status: 'Retiring',
          dese_code: '2305',
        },
        // A new hire (salary 0) keeps the next-year salary entered, automatic all the same.
        {
          ...base,
          first_name: 'Jo',
          last_name: 'Park',
          position: 'Teacher',
          current_salary: 0,
          next_year_salary: 58000,
          current_fte: 1,
          building_id: hse,
          location_code: 'HSE',
          work_group_id: wg.id,
          work_group: wg.name,
          employee_status: 'Active',
          dese_code: '2305',
        },
      ])
      .returning('id');
    await applyAutomaticNextYearSalary(
      knex,
      inserted.map((r: { id: number }) => r.id),
    );
    const original = await employeeLines(d.budgetYearId, year);
    expect(original).toHaveLength(4);
    // The rule gave the Active employees with a salary their automatic next-year salary.
    expect(original.find((l) => l.lastName === 'Reid')).toMatchObject({ nextYearSalaryManual: false });
    expect(original.find((l) => l.lastName === 'Reid')?.nextYearSalary).toBeGreaterThan(153224.76);

    const bytes = await exportWorkbook(original);
    // Hire dates are Excel dates (a date cell with a date format), not text.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const hireCol = headers.indexOf('Hire Date') + 1;
    const reid = sheet.getRow(2 + original.findIndex((l) => l.lastName === 'Reid'));
    expect(reid.getCell(hireCol).value).toEqual(new Date(Date.UTC(2012, 7, 27)));
    expect(reid.getCell(hireCol).numFmt).toBe('mm/dd/yyyy');

    // An empty budget year with a version of the same fiscal year. A fiscal year has one home, so
    // the lines leave the first budget year (which releases the year) before they come back.
    await knex('line_items').where({ budget_year_id: d.budgetYearId, fiscal_year: year }).del();
    const [version] = await knex('budget_versions')
      .insert({ fiscal_year: year, label: `Round trip ${d.versionId}`, budget_year_id: d.otherBudgetYearId })
      .returning('id');
    const analysis = await upload(bytes, 'employees.xlsx');
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(200);
    const mapping = suggestedMapping(analysis);
    expect(mapping).toMatchObject({
      lastName: 'Name',
      building: 'Building',
      locationCode: 'Location',
      nextYearSalary: 'Next Year Salary',
      nextYearSalarySource: 'Next Year Salary Source',
      hireDate: 'Hire Date',
    });
    const res = await s.execute({
      fileName: analysis.body.fileName,
      columnMappings: mapping,
      importType: 'operating',
      budgetYearId: d.otherBudgetYearId,
      versionId: version.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 4, skipped: 0, warningCount: 0 });

    const back = await employeeLines(d.otherBudgetYearId, year);
    const pick = (l: EmployeeLineItem) => Object.fromEntries(FIELDS.map((f) => [f, l[f]]));
    const byName = (a: EmployeeLineItem, b: EmployeeLineItem) => a.lastName!.localeCompare(b.lastName!);
    expect(back.sort(byName).map(pick)).toEqual(original.sort(byName).map(pick));
    expect(back.every((l) => !l.metadata.needsReview)).toBe(true);
  });
});
