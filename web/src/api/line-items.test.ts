// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEE_ROW_COLUMNS, PROPOSED_ROW_COLUMNS } from '@shared/schemas/line-item-rows';
import { lineItemsApi } from '@web/api/line-items';
import { jsonResponse } from '@web/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The grids download their lists in the compact form (format=rows, a third of the bytes) and get
// the same line objects as before. The server side of the equality is server/routes/line-items-rows.test.ts.

const employeeRow = [
  7,
  2,
  3,
  null,
  2026,
  0,
  'Ana',
  'Costa',
  'Grade 2 Teacher',
  60000,
  62700.5,
  1,
  0.5,
  'N1',
  '2305',
  'ELA',
  4,
  'Teachers',
  'JC1',
  '2015-08-25',
  null,
  'Active',
  null,
  null,
  5,
  'Masters',
  'suggested',
  5,
  'North School',
  'a note',
  { needsReview: true, importWarnings: ['Hire date missing'] },
  9,
  'imported',
  1751373296789,
  1751373296789,
];
const proposedRow = [
  8,
  2,
  4,
  6,
  2026,
  1,
  'Supplies',
  null,
  '01-2430-5500',
  null,
  '2430',
  -250.75,
  3,
  ['Supplies', '#10b981'],
  1,
  5,
  null,
  null,
  null,
  {},
  null,
  'projected',
  0,
  86400000,
];
const rowsBody = (employees: unknown[][], proposed: unknown[][]) => ({
  employees: { columns: EMPLOYEE_ROW_COLUMNS, rows: employees },
  proposed: { columns: PROPOSED_ROW_COLUMNS, rows: proposed },
});

describe('grid line lists', () => {
  it('asks for the compact rows and decodes them into employee lines', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, rowsBody([employeeRow], [])));
    vi.stubGlobal('fetch', fetchMock);
    const { lineItems } = await lineItemsApi.employees(2, 2026);
    const [url] = fetchMock.mock.calls[0] as [string];
    expect(url).toBe('/api/line-items/budget?budgetYearId=2&fiscalYear=2026&isOperating=true&format=rows');
    expect(lineItems).toEqual([
      {
        id: 7,
        budgetYearId: 2,
        scenarioId: 3,
        versionId: null,
        fiscalYear: 2026,
        isOperating: true,
        isProjected: false,
        firstName: 'Ana',
        lastName: 'Costa',
        position: 'Grade 2 Teacher',
        currentSalary: 60000,
        nextYearSalary: 62700.5,
        nextYearSalaryManual: true,
        currentFTE: 0.5,
        locationCode: 'N1',
        deseCode: '2305',
        department: 'ELA',
        workGroupId: 4,
        workGroup: 'Teachers',
        jobClass: 'JC1',
        hireDate: '2015-08-25',
        dateOfDeparture: null,
        employeeStatus: 'Active',
        budgetStatus: null,
        categoryId: null,
        salaryStep: 5,
        salaryLane: 'Masters',
        salaryPlacement: 'suggested',
        buildingId: 5,
        building: { name: 'North School' },
        notes: 'a note',
        metadata: { needsReview: true, importWarnings: ['Hire date missing'] },
        importRunId: 9,
        source: 'imported',
        createdAt: '2025-07-01T12:34:56.789Z',
        updatedAt: '2025-07-01T12:34:56.789Z',
      },
    ]);
  });

  it('decodes proposed lines, their category and District Wide', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, rowsBody([], [proposedRow])));
    vi.stubGlobal('fetch', fetchMock);
    const { lineItems } = await lineItemsApi.proposed(2, 2026);
    expect((fetchMock.mock.calls[0] as [string])[0]).toContain('isOperating=false&format=rows');
    expect(lineItems).toEqual([
      {
        id: 8,
        budgetYearId: 2,
        scenarioId: 4,
        versionId: 6,
        fiscalYear: 2026,
        isOperating: false,
        isProjected: true,
        accountDescription: 'Supplies',
        name: null,
        accountLine: '01-2430-5500',
        deseCategories: null,
        deseCode: '2430',
        amount: -250.75,
        categoryId: 3,
        category: { name: 'Supplies', color: '#10b981' },
        oneTime: true,
        fundId: 5,
        buildingId: null,
        building: null,
        notes: null,
        metadata: {},
        importRunId: null,
        source: 'projected',
        createdAt: '1970-01-01T00:00:00.000Z',
        updatedAt: '1970-01-02T00:00:00.000Z',
      },
    ]);
  });

  it('reads the object form as it is from a server that does not know format=rows', async () => {
    const lines = [{ id: 1, isOperating: true, lastName: 'Costa' }];
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { lineItems: lines })));
    expect((await lineItemsApi.employees(2, 2026)).lineItems).toEqual(lines);
  });

  it('fails loudly when a column it needs is missing', async () => {
    const body = rowsBody([employeeRow], []);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(200, {
          ...body,
          employees: { ...body.employees, columns: EMPLOYEE_ROW_COLUMNS.slice(1) },
        }),
      ),
    );
    await expect(lineItemsApi.employees(2, 2026)).rejects.toThrow('The line list has no id column');
  });
});
