import { type IssueDetail, validationFailed } from '@server/errors';
import { centsOf, fromCents } from '@shared/money';
import type { AccountPattern } from '@server/lib/account-pattern';
import { normalizeLabel } from '@server/lib/import/cells';
import { DESE_FUNCTION_CODES } from '@server/lib/import/dese';
import type { HeaderInfo } from '@server/lib/import/header';
import type { TableSource } from '@server/lib/import/read-table';
import { buildingKey, transformLedgerRow, type LedgerOutcome } from '@server/lib/import/transform-ledger';
import { LEDGER_MAX_ROWS, type LedgerRow } from '@shared/schemas/ledger-import';
import { fiscalYearLabel, parseFiscalYear } from '@shared/schemas/fiscal-year';
import { PREVIEW_ROWS, PREVIEW_ROWS_MAX } from '@shared/schemas/import';
import { tooManyRows, turnTaker } from './ledger-import-limits';

/**
 * Reading a ledger file before anything is written (its mapping is checked by the rule every import
 * shares, import-mapping.ts): every row read by the transform, and the rows that make the import
 * impossible (a period outside 1-13, another fiscal year, two periods) refused together, with their
 * row numbers.
 */

export interface ReadRow {
  n: number;
  outcome: Exclude<LedgerOutcome, { kind: 'blank' }>;
}

/** Stored decimal text as the API's Money (a number of dollars, exact to the cent). */
const dollars = (text: string) => fromCents(centsOf(text));

/** Every non-blank data row of the file, read; 400 past LEDGER_MAX_ROWS of them. */
export async function readLedgerRows(
  table: TableSource,
  header: HeaderInfo,
  ctx: {
    fields: Map<string, number>;
    pattern: AccountPattern;
    fiscalYear: number;
    buildings: { id: number; code: string; name: string }[];
  },
): Promise<{ rows: ReadRow[]; blank: number }> {
  const accountColumn = header.columns[ctx.fields.get('account')!];
  const transformCtx = {
    fields: ctx.fields,
    accountHeader: normalizeLabel(accountColumn.replace(/ \(\d+\)$/, '')),
    pattern: ctx.pattern,
    fiscalYear: ctx.fiscalYear,
    buildings: new Map(ctx.buildings.map((b) => [buildingKey(b.code), { id: b.id, name: b.name }])),
    isDeseCode: (code: string) => DESE_FUNCTION_CODES.has(code),
  };
  const rows: ReadRow[] = [];
  let blank = 0;
  const turns = turnTaker();
  for await (const batch of table.batches()) {
    for (const row of batch) {
      if (turns.due()) {
        await turns.take();
      }
      if (row.n <= header.headerRow) {
        continue;
      }
      const outcome = transformLedgerRow(transformCtx, row.cells);
      if (outcome.kind === 'blank') {
        blank += 1;
      } else if (rows.length >= LEDGER_MAX_ROWS) {
        // Stops reading: the generator's cleanup closes the file.
        throw tooManyRows(row.n);
      } else {
        rows.push({ n: row.n, outcome });
      }
    }
  }
  return { rows, blank };
}

/** How many bad rows a refusal's message names (then how many more). */
const LISTED = 20;

/** Row numbers as a clerk reads them, runs as ranges: '2 to 21, 25 and 30'. */
export function rowRanges(ns: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < ns.length;) {
    let j = i;
    while (j + 1 < ns.length && ns[j + 1] === ns[j] + 1) {
      j += 1;
    }
    runs.push(j === i ? String(ns[i]) : `${ns[i]} to ${ns[j]}`);
    i = j + 1;
  }
  return runs.length > 1 ? `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}` : runs[0];
}

/**
 * 400 when the file has no fiscal year column and its name says another fiscal year than the one
 * it is imported into ('...-fy2023-p13.csv' into FY26): its rows cannot say so themselves, and a
 * year's figures in another year's Budget vs Actual is a mistake nobody sees until the numbers are
 * wrong. A file with the column is checked row by row instead (checkRows).
 */
export function checkFileYear(
  fileName: string,
  fields: ReadonlyMap<string, number>,
  fiscalYear: number,
): void {
  const named = /(?:^|[^a-z0-9])fy[-_ ]?(\d{4}|\d{2})(?![0-9])/i.exec(fileName);
  const year = named ? parseFiscalYear(`FY${named[1]}`) : null;
  if (fields.has('fiscalYear') || year === null || year === fiscalYear) {
    return;
  }
  const [said, into] = [fiscalYearLabel(year), fiscalYearLabel(fiscalYear)];
  throw validationFailed(
    [{ path: 'fiscalYear', message: `The file's name says ${said}` }],
    `The file's name says ${said} (${fileName}), not ${into}, and it has no fiscal year column to say otherwise: import it into ${said}, or map its Fiscal Year column`,
  );
}

/**
 * The period the import is at: the file's (one period for every row that has one) or the one given;
 * 400 when rows name a period outside 1-13 or another fiscal year (all such rows listed), when the
 * file mixes periods, when the two disagree, or when there is none.
 */
export function checkRows(rows: readonly ReadRow[], given: number | undefined): number {
  // The rows of each reason: a file of another year said 'Row N: fiscal year FY23, not FY26' once a row.
  const fatal = new Map<string, number[]>();
  const periods = new Map<number, number>();
  for (const { n, outcome } of rows) {
    if (outcome.kind !== 'row') {
      continue;
    }
    if (outcome.fatal) {
      fatal.set(outcome.fatal, [...(fatal.get(outcome.fatal) ?? []), n]);
    }
    if (outcome.period !== null && !periods.has(outcome.period)) {
      periods.set(outcome.period, n);
    }
  }
  if (fatal.size) {
    const details: IssueDetail[] = [...fatal].map(([reason, ns]) => ({
      path: `${ns.length === 1 ? 'row' : 'rows'} ${rowRanges(ns)}`,
      message: `${ns.length === 1 ? 'Row' : 'Rows'} ${rowRanges(ns)}: ${reason}`,
    }));
    const count = [...fatal.values()].reduce((sum, ns) => sum + ns.length, 0);
    throw validationFailed(
      details.slice(0, 100),
      `${count} row${count === 1 ? '' : 's'} cannot be imported, nothing was written: ${details
        .slice(0, LISTED)
        .map((d) => d.message)
        .join('; ')}`,
    );
  }
  if (periods.size > 1) {
    const list = [...periods.entries()].map(([p, n]) => `${p} (row ${n})`).join(', ');
    throw validationFailed(
      [{ path: 'period', message: 'One period per file' }],
      `The file mixes periods ${list}: import one period's report`,
    );
  }
  const filePeriod = periods.size ? [...periods.keys()][0] : undefined;
  if (given !== undefined && filePeriod !== undefined && given !== filePeriod) {
    throw validationFailed(
      [{ path: 'period', message: `The file's Period column says ${filePeriod}` }],
      `The file is period ${filePeriod}, not period ${given}`,
    );
  }
  const period = given ?? filePeriod;
  if (period === undefined) {
    throw validationFailed(
      [{ path: 'period', message: 'Required when no Period column is mapped' }],
      'Give the period (1 to 13): the file has no Period column',
    );
  }
  return period;
}

/** A read row as the result lists it. */
export function listedRow({ n, outcome }: ReadRow): LedgerRow {
  if (outcome.kind === 'skip') {
    return {
      row: n,
      status: 'skip',
      account: '',
      description: outcome.text,
      fundCode: null,
      functionCode: null,
      objectCode: null,
      locationCode: null,
      building: null,
      reason: outcome.reason,
      warnings: [],
      amounts: null,
    };
  }
  const a = outcome.amounts;
  return {
    row: n,
    status: outcome.setAside ? 'set-aside' : outcome.warnings.length ? 'review' : 'import',
    account: outcome.account,
    description: outcome.description,
    fundCode: outcome.fundCode,
    functionCode: outcome.functionCode,
    objectCode: outcome.objectCode,
    locationCode: outcome.locationCode,
    building: outcome.building?.name ?? null,
    reason: outcome.setAside,
    warnings: outcome.warnings,
    amounts: {
      originalBudget: dollars(a.originalBudget.stored),
      transfers: dollars(a.transfers.stored),
      revisedBudget: dollars(a.revisedBudget.stored),
      expended: dollars(a.expended.stored),
      encumbered: dollars(a.encumbered.stored),
    },
  };
}

/** The first rows as they will be stored: until PREVIEW_ROWS are in the figures, at most PREVIEW_ROWS_MAX. */
export function previewRows(rows: readonly ReadRow[]): LedgerRow[] {
  const out: LedgerRow[] = [];
  let imported = 0;
  for (const r of rows) {
    if (imported >= PREVIEW_ROWS || out.length >= PREVIEW_ROWS_MAX) {
      break;
    }
    out.push(listedRow(r));
    if (r.outcome.kind === 'row' && !r.outcome.setAside) {
      imported += 1;
    }
  }
  return out;
}
