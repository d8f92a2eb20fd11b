import type { EmployeeLineItem, ProposedLineItem } from './line-item-dtos';
import {
  EMPLOYEE_ROW_COLUMNS,
  PROPOSED_ROW_COLUMNS,
  type LineItemRows,
  type RowList,
} from './line-item-row-columns';

// The column lists live beside this file (the server builds the rows from them); every name stays
// importable from here.
export * from './line-item-row-columns';

/**
 * The compact form of GET /line-items/budget (`format=rows`), for the budget grids: each line is an
 * array of values in the order of its kind's column list, so the 33 field names are not repeated
 * 50,000 times. Decoded (decodeLineItemRows), every line is exactly the DTO the object form sends.
 *
 * On the wire, a value is the DTO's value, except:
 * - isOperating is not sent: it is the list the line is in (employees or proposed);
 * - booleans (isProjected, nextYearSalaryManual, oneTime) are 1 or 0;
 * - createdAt and updatedAt are milliseconds since 1970 (the DTO's ISO text, to the millisecond);
 * - building is its name (the DTO's `{ name }`), category `[name, color]`, or null;
 * - numbers carry no trailing zeros (1 for 1.00: the same number once parsed).
 *
 * No zod here: the web app loads this module with the line lists (the zod schema of the response is
 * lineItemRowsResponse in ./line-items).
 */

/** Where each expected column is in the list the server sent; a missing one is an error. */
function positions<C extends string>(expected: readonly C[], sent: readonly string[]): Record<C, number> {
  const at = {} as Record<C, number>;
  for (const column of expected) {
    const i = sent.indexOf(column);
    if (i < 0) {
      throw new Error(`The line list has no ${column} column`);
    }
    at[column] = i;
  }
  return at;
}

/**
 * Milliseconds to the DTO's ISO text. Lines written together (an import, a projection) share their
 * timestamps, so each distinct value is formatted once.
 */
function isoTimes(): (ms: number) => string {
  const seen = new Map<number, string>();
  return (ms) => {
    let text = seen.get(ms);
    if (text === undefined) {
      text = new Date(ms).toISOString();
      seen.set(ms, text);
    }
    return text;
  };
}

/*
 * A row's values are typed never: they come from the server's JSON (like JSON.parse's any) and
 * the decoders' return types check that every DTO field is set. Each column's position is a local
 * and each kind one object literal, so every line gets the same shape: 50,000 lines decode in a
 * few tens of milliseconds.
 */
type Row = Readonly<Record<number, never>>;

function decodeEmployees(list: RowList, iso: (ms: number) => string): EmployeeLineItem[] {
  const {
    id,
    budgetYearId,
    scenarioId,
    versionId,
    fiscalYear,
    isProjected,
    firstName,
    lastName,
    position,
    currentSalary,
    nextYearSalary,
    nextYearSalaryManual,
    currentFTE,
    locationCode,
    deseCode,
    department,
    workGroupId,
    workGroup,
    jobClass,
    hireDate,
    dateOfDeparture,
    employeeStatus,
    budgetStatus,
    categoryId,
    salaryStep,
    salaryLane,
    salaryPlacement,
    buildingId,
    building,
    notes,
    metadata,
    importRunId,
    source,
    createdAt,
    updatedAt,
  } = positions(EMPLOYEE_ROW_COLUMNS, list.columns);
  const rows = list.rows as unknown as readonly Row[];
  const out = new Array<EmployeeLineItem>(rows.length);
  for (let k = 0; k < out.length; k += 1) {
    const r = rows[k];
    const buildingName: string | null = r[building];
    out[k] = {
      id: r[id],
      budgetYearId: r[budgetYearId],
      scenarioId: r[scenarioId],
      versionId: r[versionId],
      fiscalYear: r[fiscalYear],
      isOperating: true,
      isProjected: r[isProjected] === 1,
      firstName: r[firstName],
      lastName: r[lastName],
      position: r[position],
      currentSalary: r[currentSalary],
      nextYearSalary: r[nextYearSalary],
      nextYearSalaryManual: r[nextYearSalaryManual] === 1,
      currentFTE: r[currentFTE],
      locationCode: r[locationCode],
      deseCode: r[deseCode],
      department: r[department],
      workGroupId: r[workGroupId],
      workGroup: r[workGroup],
      jobClass: r[jobClass],
      hireDate: r[hireDate],
      dateOfDeparture: r[dateOfDeparture],
      employeeStatus: r[employeeStatus],
      budgetStatus: r[budgetStatus],
      categoryId: r[categoryId],
      salaryStep: r[salaryStep],
      salaryLane: r[salaryLane],
      salaryPlacement: r[salaryPlacement],
      buildingId: r[buildingId],
      building: buildingName === null ? null : { name: buildingName },
      notes: r[notes],
      metadata: r[metadata],
      importRunId: r[importRunId],
      source: r[source],
      createdAt: iso(r[createdAt]),
      updatedAt: iso(r[updatedAt]),
    };
  }
  return out;
}

function decodeProposed(list: RowList, iso: (ms: number) => string): ProposedLineItem[] {
  const {
    id,
    budgetYearId,
    scenarioId,
    versionId,
    fiscalYear,
    isProjected,
    accountDescription,
    name,
    accountLine,
    deseCategories,
    deseCode,
    amount,
    categoryId,
    category,
    oneTime,
    fundId,
    buildingId,
    building,
    notes,
    metadata,
    importRunId,
    source,
    createdAt,
    updatedAt,
  } = positions(PROPOSED_ROW_COLUMNS, list.columns);
  const rows = list.rows as unknown as readonly Row[];
  const out = new Array<ProposedLineItem>(rows.length);
  for (let k = 0; k < out.length; k += 1) {
    const r = rows[k];
    const buildingName: string | null = r[building];
    const categoryPair: [string, string | null] | null = r[category];
    out[k] = {
      id: r[id],
      budgetYearId: r[budgetYearId],
      scenarioId: r[scenarioId],
      versionId: r[versionId],
      fiscalYear: r[fiscalYear],
      isOperating: false,
      isProjected: r[isProjected] === 1,
      accountDescription: r[accountDescription],
      name: r[name],
      accountLine: r[accountLine],
      deseCategories: r[deseCategories],
      deseCode: r[deseCode],
      amount: r[amount],
      categoryId: r[categoryId],
      category: categoryPair === null ? null : { name: categoryPair[0], color: categoryPair[1] },
      oneTime: r[oneTime] === 1,
      fundId: r[fundId],
      buildingId: r[buildingId],
      building: buildingName === null ? null : { name: buildingName },
      notes: r[notes],
      metadata: r[metadata],
      importRunId: r[importRunId],
      source: r[source],
      createdAt: iso(r[createdAt]),
      updatedAt: iso(r[updatedAt]),
    };
  }
  return out;
}

/** The employee lines of a compact body as DTOs, in its order. */
export function decodeEmployeeRows(body: Pick<LineItemRows, 'employees'>): EmployeeLineItem[] {
  return decodeEmployees(body.employees, isoTimes());
}

/** The proposed lines of a compact body as DTOs, in its order. */
export function decodeProposedRows(body: Pick<LineItemRows, 'proposed'>): ProposedLineItem[] {
  return decodeProposed(body.proposed, isoTimes());
}

/** Every line of a compact body as the object form lists it: employees first, then proposed lines. */
export function decodeLineItemRows(body: LineItemRows): (EmployeeLineItem | ProposedLineItem)[] {
  const iso = isoTimes();
  const employees: (EmployeeLineItem | ProposedLineItem)[] = decodeEmployees(body.employees, iso);
  return body.proposed.rows.length ? employees.concat(decodeProposed(body.proposed, iso)) : employees;
}
