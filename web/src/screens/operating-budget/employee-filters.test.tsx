// @vitest-environment happy-dom
import { render, waitFor } from '@testing-library/react';
import type { GridApi } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { EmployeeLineItem } from '@web/api/line-items';
import { AgDataGrid } from '@web/components/data-grid/ag-data-grid';
import { employeeNameColumn } from '@web/components/employee-columns';
import '@web/test/render';
import { employeeFilter, INITIAL_EMPLOYEE_FILTERS } from './employee-filters';

const line = (id: number, firstName: string, lastName: string) =>
  ({
    id,
    firstName,
    lastName,
    position: 'Grade 3 Teacher',
    locationCode: null,
    department: null,
    workGroup: 'Teachers',
    jobClass: null,
    deseCode: null,
    buildingId: null,
    employeeStatus: 'Active',
  }) as unknown as EmployeeLineItem;

const ROWS = [line(1, 'Amy', 'Almeida'), line(2, 'Beth', 'Almeida'), line(3, 'Amy', 'Barrett')];

/** The names ('Last, First', as the Name column shows them) of the rows the grid displays. */
async function shownNames(search: string): Promise<string[]> {
  const apiRef: { current: GridApi<EmployeeLineItem> | null } = { current: null };
  const view = render(
    <AgDataGrid
      rows={ROWS}
      columns={[employeeNameColumn({})]}
      label="Employees"
      apiRef={apiRef}
      externalFilter={employeeFilter({ ...INITIAL_EMPLOYEE_FILTERS, search })}
    />,
  );
  await waitFor(() => expect(apiRef.current).not.toBeNull());
  const api = apiRef.current!;
  const names: string[] = [];
  api.forEachNodeAfterFilter((node) =>
    names.push(String(api.getCellValue({ rowNode: node, colKey: 'name' }))),
  );
  view.unmount();
  return names;
}

describe('the Employee Budget Manager grid search', () => {
  it('shows the row for a name typed as the grid shows it', async () => {
    expect(await shownNames('Almeida, Amy')).toEqual(['Almeida, Amy']);
    expect(await shownNames('Amy Almeida')).toEqual(['Almeida, Amy']);
    expect(await shownNames('amy alm')).toEqual(['Almeida, Amy']);
    expect(await shownNames('Alme')).toEqual(['Almeida, Amy', 'Almeida, Beth']);
    expect(await shownNames('Almeida, Zoe')).toEqual([]);
  });
});
