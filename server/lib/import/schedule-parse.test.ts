import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseScheduleFile } from './schedule-parse';

/**
 * The real Lunenburg teacher schedule, FY25..FY27 x 13 steps x 10 lanes (the repository's copy of
 * ../shared/fixtures/real/lunenburg_teacher_salary_schedule_fy25_fy27.csv, byte for byte).
 */
const LUNENBURG = path.resolve(
  import.meta.dirname,
  '../../../fixtures/lunenburg_teacher_salary_schedule_fy25_fy27.csv',
);
const text = readFileSync(LUNENBURG, 'utf8');

/** The file read here on its own terms: plain comma split, whole dollars to BigInt cents. */
function independent(csv: string) {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const lanes = header.split(',').slice(3);
  const cells = new Map<string, bigint>();
  const cola = new Map<number, string>();
  for (const line of lines) {
    const [fy, pct, step, ...amounts] = line.split(',');
    const year = 2000 + Number(fy.slice(2));
    cola.set(year, pct);
    amounts.forEach((a, j) => cells.set(`${year}|${Number(step)}|${lanes[j]}`, BigInt(a) * 100n));
  }
  return { lanes, cells, cola };
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** The real file with line `row` (1 = header) changed by `edit`. */
function edited(row: number, edit: (cells: string[]) => string[] | null): Buffer {
  const lines = text.trim().split(/\r?\n/);
  const out = edit(lines[row - 1].split(','));
  if (out === null) {
    lines.splice(row - 1, 1);
  } else {
    lines[row - 1] = out.join(',');
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function refusal(buffer: Buffer, name = 'schedule.csv') {
  try {
    await parseScheduleFile(buffer, name);
  } catch (err) {
    return err as { status: number; message: string; details: { path: string; message: string }[] };
  }
  throw new Error('expected a refusal');
}

describe('parseScheduleFile: the real Lunenburg schedule', () => {
  const expected = independent(text);

  it('reads all 390 amounts exactly, the lanes in order, 13 steps and the printed COLA of each year', async () => {
    const parsed = await parseScheduleFile(readFileSync(LUNENBURG), path.basename(LUNENBURG));
    expect(parsed.lanes).toEqual(expected.lanes);
    expect(parsed.lanes).toHaveLength(10);
    expect(parsed.fiscalYears).toEqual([2025, 2026, 2027]);
    expect(parsed.steps).toBe(13);
    expect(parsed.amounts).toHaveLength(390);
    expect(expected.cells.size).toBe(390);
    for (const a of parsed.amounts) {
      expect(cents(a.amount), `${a.fiscalYear} step ${a.step} ${a.lane}`).toBe(
        expected.cells.get(`${a.fiscalYear}|${a.step}|${a.lane}`),
      );
    }
    expect(parsed.printedCola).toEqual({ 2025: '2.500', 2026: '4.000', 2027: '3.500' });
    expect([...expected.cola.values()]).toEqual(expect.arrayContaining(['2.5%', '4.0%', '3.5%']));
  });

  it('reads the same schedule from an .xlsx, numbers as numbers and COLA as an Excel percent', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Schedule');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    sheet.addRow(header.split(','));
    for (const line of lines) {
      const [fy, pct, step, ...amounts] = line.split(',');
      const row = sheet.addRow([
        fy,
        Number(pct.replace('%', '')) / 100,
        Number(step),
        ...amounts.map(Number),
      ]);
      row.getCell(2).numFmt = '0.0%';
    }
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const parsed = await parseScheduleFile(buffer, 'schedule.xlsx');
    expect(parsed.amounts).toHaveLength(390);
    for (const a of parsed.amounts) {
      expect(cents(a.amount)).toBe(expected.cells.get(`${a.fiscalYear}|${a.step}|${a.lane}`));
    }
    expect(parsed.printedCola).toEqual({ 2025: '2.500', 2026: '4.000', 2027: '3.500' });
  });

  it('takes 2025 for FY25, no cola column, dollar signs and thousands separators', async () => {
    const csv = 'Fiscal Year,Step,Bach,Masters\n2025,1,"$50,790.00","$58,613"\n2025,2,52962,60783.5\n';
    const parsed = await parseScheduleFile(Buffer.from(csv), 's.csv');
    expect(parsed.amounts.map((a) => [a.fiscalYear, a.step, a.lane, a.amount])).toEqual([
      [2025, 1, 'Bach', '50790.00'],
      [2025, 1, 'Masters', '58613.00'],
      [2025, 2, 'Bach', '52962.00'],
      [2025, 2, 'Masters', '60783.50'],
    ]);
    expect(parsed.printedCola).toEqual({});
  });
});

describe('parseScheduleFile refuses a bad schedule, naming the row and column', () => {
  const cases: [string, Buffer, RegExp][] = [
    // Row 8 is FY25 step 7.
    ['a missing step', edited(8, () => null), /FY25 has no row for step 7/],
    [
      'a missing lane value',
      edited(8, (c) => c.map((v, i) => (i === 5 ? '' : v))),
      /Row 8, column 'B\+30': the amount is missing/,
    ],
    [
      'a non-numeric amount',
      edited(8, (c) => c.map((v, i) => (i === 4 ? 'n/a' : v))),
      /Row 8, column 'B\+15': 'n\/a' is not an amount/,
    ],
    [
      'a zero amount',
      edited(8, (c) => c.map((v, i) => (i === 3 ? '0' : v))),
      /Row 8, column 'Bach': 0.00 must be more than 0/,
    ],
    [
      'a negative amount',
      edited(8, (c) => c.map((v, i) => (i === 3 ? '-63825' : v))),
      /Row 8, column 'Bach': -63825.00 must be more than 0/,
    ],
    [
      'more than 2 decimals',
      edited(8, (c) => c.map((v, i) => (i === 12 ? '87282.125' : v))),
      /Row 8, column 'Doctorate': '87282.125' has more than 2 decimals/,
    ],
    [
      'a row not increasing across lanes',
      edited(8, (c) => c.map((v, i) => (i === 6 ? '60000' : v))),
      /Row 8 \(FY25 step 7\), column 'Masters': \$60,000 is not more than \$69,037 in 'B\+30'; amounts must increase across the lanes/,
    ],
    [
      'a lane not increasing across steps',
      edited(9, (c) => c.map((v, i) => (i === 3 ? '63825' : v))),
      /Row 9 \(FY25 step 8\), column 'Bach': \$63,825 is not more than \$63,825 at step 7; amounts must increase step by step/,
    ],
    [
      'a duplicate (year, step)',
      edited(9, (c) => c.map((v, i) => (i === 2 ? '7' : v))),
      /Row 9: FY25 step 7 appears twice \(also row 8\)/,
    ],
    [
      'a fiscal year that is not one',
      edited(8, (c) => c.map((v, i) => (i === 0 ? 'next year' : v))),
      /Row 8, column fiscal_year: 'next year' is not a fiscal year/,
    ],
    [
      'a step that is not a number',
      edited(8, (c) => c.map((v, i) => (i === 2 ? 'seven' : v))),
      /Row 8, column step: 'seven' is not a step number/,
    ],
    [
      'two COLAs in one year',
      edited(8, (c) => c.map((v, i) => (i === 1 ? '3%' : v))),
      /Row 8, column cola: 3% differs from 2.5% on row 2 of FY25/,
    ],
    ['no step column', edited(1, (c) => c.map((v, i) => (i === 2 ? 'grade' : v))), /no step column/],
    [
      'a lane named twice',
      edited(1, (c) => c.map((v, i) => (i === 4 ? 'Bach' : v))),
      /the lane 'Bach' appears twice/,
    ],
  ];

  it.each(cases)('%s', async (_what, buffer, message) => {
    const err = await refusal(buffer);
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^The salary schedule was not imported: /);
    expect(err.details.map((d) => d.message).join('\n')).toMatch(message);
    expect(err.details.every((d) => d.path === 'file')).toBe(true);
  });

  it('a year with fewer steps than the others', async () => {
    // FY27's step 13 (the last line) removed: FY27 runs 1..12 while the others run 1..13.
    const err = await refusal(edited(40, () => null));
    expect(err.details[0].message).toBe(
      'FY27 has no row for step 13: steps must run from 1 to 13 in every year',
    );
  });

  it('a gap between fiscal years', async () => {
    const lines = text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('FY26'));
    const err = await refusal(Buffer.from(lines.join('\n')));
    expect(err.message).toMatch(/no rows for FY26: the fiscal years must follow one another \(FY25, FY27\)/);
  });

  it('an empty file, a header alone, and a legacy .xls', async () => {
    expect((await refusal(Buffer.from(''))).message).toBe('The file is empty');
    expect((await refusal(Buffer.from('fiscal_year,step,Bach\n'))).message).toMatch(/no schedule rows/);
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const err = await refusal(ole, 'schedule.xls');
    expect(err.status).toBe(415);
  });
});
