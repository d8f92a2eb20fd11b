import { createWriteStream, readFileSync } from 'node:fs';
import { csvRecords, decimalText, exportCents, realFile } from './real-files';

/**
 * A payroll CSV of any size grown from the real Boston earnings export (2024, 25,530 people):
 * its rows repeated in order, each repeat varied deterministically so no two lines are alike. Copy
 * k (0, 1, 2 ...) of a person adds ' k' to the first name and k cents for every hundred dollars to
 * REGULAR, and the same amount to TOTAL GROSS; every other cell (departments, titles, blank zeros,
 * thousands separators, leading-zero postal codes) is the real file's. Used by the import bench and
 * the test that a large import stores exactly what the file says.
 */
export const BOSTON_PAYROLL = 'boston_employee_earnings_report_2024.csv';

const REGULAR = 3;
const TOTAL = 10;

/** '161,306.48' as the export writes money (quoted later, for its commas); blank is the export's zero. */
function exportMoney(value: bigint | null): string {
  if (value === null) {
    return '';
  }
  const text = decimalText(value);
  const [whole, fraction] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0n ? '-' : ''}${grouped}.${fraction}`;
}

const quoted = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

let seed: { header: string; rows: string[][] } | null = null;

function bostonRows() {
  if (!seed) {
    const [header, ...rows] = csvRecords(readFileSync(realFile(BOSTON_PAYROLL), 'utf8'));
    seed = { header: header.join(','), rows: rows.filter((r) => r.length > 1) };
  }
  return seed;
}

/** Row i (0-based) of the grown file, as its cells. */
export function largePayrollRow(i: number): string[] {
  const { rows } = bostonRows();
  const k = Math.floor(i / rows.length);
  const cells = [...rows[i % rows.length]];
  if (k === 0) {
    return cells;
  }
  const [last, first = ''] = cells[0].split(',');
  cells[0] = `${last},${first} ${k}`;
  const regular = cells[REGULAR].trim() ? exportCents(cells[REGULAR]) : null;
  // k cents per $100 of salary, at least a cent: a varied but exact amount.
  const delta = regular === null ? 0n : BigInt(k) * (regular / 10_000n > 0n ? regular / 10_000n : 1n);
  if (regular !== null) {
    cells[REGULAR] = exportMoney(regular + delta);
  }
  if (cells[TOTAL].trim()) {
    cells[TOTAL] = exportMoney(exportCents(cells[TOTAL]) + delta);
  }
  return cells;
}

/** Writes the first `rows` rows of the grown file, with the real header, LF line endings. */
export async function writeLargePayroll(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${bostonRows().header}\n`);
  for (let i = 0; i < rows; i += 1) {
    if (!out.write(`${largePayrollRow(i).map(quoted).join(',')}\n`)) {
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}
