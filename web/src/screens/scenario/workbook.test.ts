import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { nearestCents } from '@shared/money';
import type { ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import type { ScenarioPositionChange } from '@web/api/scenario-positions';
import { buildWorkbook } from '@web/lib/workbook';
import { linesLayout, scenarioSheets } from './workbook';

/*
 * The export must reproduce the scenario's figures from its own input cells. The workbook is written,
 * read back with exceljs, and every formula is evaluated here from the amounts and percents in the
 * Lines sheet (as Excel would when the file opens); the expected figures are worked out separately
 * in BigInt cents.
 */

type V = number | string | boolean | V[];

/** ROUND as Excel does it: to 15 significant digits first, then halves away from zero. */
function round(x: number, digits: number): number {
  const text = Math.abs(Number(x.toPrecision(15))).toFixed(digits + 4);
  const [whole, frac] = text.split('.');
  const scaled = BigInt(whole + frac.slice(0, digits));
  const next = Number(frac[digits]) >= 5 ? scaled + 1n : scaled;
  return (Math.sign(x) * Number(next)) / 10 ** digits;
}

/** A small evaluator of the formulas the export writes (refs, ranges, + - * / & <= > <, SUM, ROUND, SUMIF, COUNTIF, COUNT, IF, TEXT). */
class Evaluator {
  constructor(private readonly book: ExcelJS.Workbook) {}

  cell(sheet: string, address: string): V {
    const cell = this.book.getWorksheet(sheet)!.getCell(address.replace(/\$/g, ''));
    const v = cell.value as unknown;
    if (v && typeof v === 'object' && 'formula' in v) {
      return this.formula(sheet, (v as { formula: string }).formula);
    }
    return (v as V | null) ?? 0;
  }

  range(sheet: string, from: string, to: string): V[] {
    const [, c1, r1] = /\$?([A-Z]+)\$?(\d+)/.exec(from)!;
    const [, , r2] = /\$?([A-Z]+)\$?(\d+)/.exec(to)!;
    const out: V[] = [];
    for (let r = Number(r1); r <= Number(r2); r += 1) {
      out.push(this.cell(sheet, `${c1}${r}`));
    }
    return out;
  }

  formula(sheet: string, text: string): V {
    const tokens = text.match(
      /[A-Za-z]+!\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?|\$?[A-Z]+\$?\d+(:\$?[A-Z]+\$?\d+)?|[A-Z]+\(|\d+(\.\d+)?|"[^"]*"|<=|>=|[-+*/(),&<>]/g,
    )!;
    let i = 0;
    const peek = () => tokens[i];
    const next = () => tokens[i++];
    const primary = (): V => {
      const t = next();
      if (t === '-') {
        return -(primary() as number);
      }
      if (t === '(') {
        const v = compare();
        next();
        return v;
      }
      if (t.startsWith('"')) {
        return t.slice(1, -1);
      }
      if (/^\d/.test(t)) {
        return Number(t);
      }
      if (t.endsWith('(')) {
        const args: V[] = [];
        while (peek() !== ')') {
          args.push(compare());
          if (peek() === ',') {
            next();
          }
        }
        next();
        return this.call(t.slice(0, -1), args);
      }
      const [where, ref] = t.includes('!') ? t.split('!') : [sheet, t];
      const [from, to] = ref.split(':');
      return to ? this.range(where, from, to) : this.cell(where, from);
    };
    const term = (): V => {
      let v = primary();
      while (peek() === '*' || peek() === '/') {
        v = next() === '*' ? (v as number) * (primary() as number) : (v as number) / (primary() as number);
      }
      return v;
    };
    const sum = (): V => {
      let v = term();
      while (peek() === '+' || peek() === '-' || peek() === '&') {
        const op = next();
        const r = term();
        v =
          op === '&'
            ? `${v}${r}`
            : op === '+'
              ? (v as number) + (r as number)
              : (v as number) - (r as number);
      }
      return v;
    };
    const compare = (): V => {
      const v = sum();
      const op = peek();
      if (op === '<=' || op === '>' || op === '<') {
        next();
        const r = sum() as number;
        return op === '<=' ? (v as number) <= r : op === '>' ? (v as number) > r : (v as number) < r;
      }
      return v;
    };
    return compare();
  }

  private call(name: string, args: V[]): V {
    const nums = (v: V) => (v as V[]).filter((x): x is number => typeof x === 'number');
    switch (name) {
      case 'SUM':
        return nums(args[0]).reduce((a, b) => round(a + b, 2), 0);
      case 'ROUND':
        return round(args[0] as number, args[1] as number);
      case 'COUNT':
        return nums(args[0]).length;
      case 'COUNTIF':
        return nums(args[0]).filter((x) => x < Number(String(args[1]).slice(1))).length;
      case 'SUMIF': {
        const keys = args[0] as V[];
        const values = args[2] as V[];
        return keys.reduce<number>((s, k, j) => (k === args[1] ? round(s + (values[j] as number), 2) : s), 0);
      }
      case 'IF':
        return args[0] ? args[1] : args[2];
      case 'TEXT':
        return `$${(args[0] as number).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      default:
        throw new Error(`No ${name} here`);
    }
  }
}

const line = (id: number, amount: string, percent: number, category: string, floor = 0): ScenarioLine => ({
  id,
  accountDesc: id === 3 ? '=HYPERLINK("http://x","y")' : `Line ${id}`,
  accountLine: `01-${id}`,
  deseCode: '2305',
  categoryId: category.length,
  category: { name: category, color: '#000000' },
  buildingId: null,
  building: null,
  isPersonnel: id % 2 === 0,
  fy26ProposedV3: Number(amount),
  percentKept: percent,
  floorPercent: floor,
  adjustedAmount: 0,
  cut: 0,
  generalFund: true,
});

const LINES = [
  line(1, '2166900.00', 75, 'Teachers'),
  line(2, '0.05', 50, 'Teachers'),
  line(3, '1234.57', 33.33, 'Supplies'),
  // Paid by a grant: in the totals, not in what the goal is compared with.
  { ...line(4, '98765.43', 100, 'Supplies', 80), generalFund: false },
  line(5, '4500.10', 0, 'Technology'),
];

/** Expected figures, in cents, from the same inputs. */
const AMOUNTS = [216690000n, 5n, 123457n, 9876543n, 450010n];
const KEPT = [162517500n, 3n, 41148n, 9876543n, 0n];

const summary: ScenarioSummary = {
  budgetYearId: 2,
  fiscalYear: 2026,
  versionId: null,
  lineCount: 5,
  originalTotal: 2271400.15,
  townGoal: 1700000,
  hasTownGoal: true,
  totalCuts: 0,
  adjustedTotal: 0,
  goalTotal: 0,
  gap: 0,
  meetsGoal: false,
  itemsModified: 0,
  positionsNet: 0,
  positionsGeneralNet: 0,
  positionChanges: 0,
};

const change = (
  id: number,
  kind: 'cut' | 'add',
  amount: number | null,
  generalAmount: number | null,
  extra: Partial<ScenarioPositionChange> = {},
): ScenarioPositionChange => ({
  id,
  kind,
  positionId: kind === 'cut' ? id * 10 : null,
  title: `Position ${id}`,
  building: { id: 1, name: 'Hillside' },
  category: { id: 1, name: 'Teachers' },
  workGroup: 'Teachers',
  deseCode: '2305',
  fte: 1,
  status: kind === 'cut' ? 'filled' : 'new',
  holders: [],
  amount,
  generalAmount,
  unpricedReason: amount === null ? 'No step and lane set' : null,
  stale: null,
  reason: null,
  why: null,
  warning: null,
  createdAt: '2026-03-01T15:00:00.000Z',
  ...extra,
});

/**
 * A cut paid 60/40 by the general fund and a grant, an add (the general fund's), a cut of a
 * position closed since (saves nothing) and an add not priced.
 */
const POSITIONS = [
  change(1, 'cut', 80000.15, 48000.09),
  change(2, 'add', 52000.5, 52000.5),
  change(3, 'cut', 0, 0, {
    stale: 'The position is closed now: this cut saves nothing more',
    status: 'closed',
  }),
  change(4, 'add', null, null),
];
/** What they take off the total and off the general fund, in cents: cuts save, adds cost. */
const POSITIONS_NET = 8000015n - 5200050n;
const POSITIONS_GENERAL = 4800009n - 5200050n;

async function open(positions: readonly ScenarioPositionChange[] = []) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    await buildWorkbook(
      scenarioSheets({
        scenarioName: 'Level service minus 2%',
        budgetYear: 'FY26',
        summary,
        lines: LINES,
        positions,
        exportedAt: new Date('2026-03-01T15:00:00Z'),
      }),
    ),
  );
  const formula = (sheet: string, address: string) =>
    (book.getWorksheet(sheet)!.getCell(address).value as { formula?: string } | null)?.formula;
  const cached = (sheet: string, address: string) =>
    (book.getWorksheet(sheet)!.getCell(address).value as { result?: unknown } | null)?.result;
  return { book, ev: new Evaluator(book), formula, cached };
}

/** A cell's dollars to the cent, as the spreadsheet shows them (its formulas compute in floats). */
const cellCents = (n: V) => nearestCents(n as number);

describe('scenario workbook', () => {
  it('says the budget year once when the fiscal year is its own (not FY26 · fiscal year FY26)', async () => {
    const { book } = await open();
    const line = String(book.getWorksheet('Summary')!.getCell('A2').value);
    expect(line).toMatch(/^Budget year FY26 · exported /);
  });

  it('writes each line adjusted = ROUND(amount*percent/100,2) and its cut as formulas', async () => {
    const { ev, formula, cached } = await open();
    LINES.forEach((_, i) => {
      const r = i + 2;
      expect(formula('Lines', `K${r}`)).toBe(`ROUND(I${r}*J${r}/100,2)`);
      expect(formula('Lines', `L${r}`)).toBe(`I${r}-K${r}`);
      expect(cellCents(ev.cell('Lines', `K${r}`))).toBe(KEPT[i]);
      expect(cellCents(ev.cell('Lines', `L${r}`))).toBe(AMOUNTS[i] - KEPT[i]);
      // exceljs leaves out a cached result of 0 (Excel recalculates on load anyway).
      expect(cellCents((cached('Lines', `K${r}`) as number | undefined) ?? 0)).toBe(KEPT[i]);
    });
    const { total } = linesLayout(LINES.length);
    expect(formula('Lines', `I${total}`)).toBe('SUM(I2:I6)');
    expect(formula('Lines', `K${total}`)).toBe('SUM(K2:K6)');
    expect(formula('Lines', `L${total}`)).toBe('SUM(L2:L6)');
  });

  it('works out the summary from the Lines sheet: totals, gap, meets goal, items modified', async () => {
    const { ev, formula, cached } = await open();
    const original = AMOUNTS.reduce((a, b) => a + b);
    const kept = KEPT.reduce((a, b) => a + b);
    // The goal is compared with the general fund's lines: all but line 4, a grant's.
    const general = kept - KEPT[3];
    const gap = general - 170000000n;
    expect(formula('Summary', 'B5')).toBe('Lines!I7');
    expect(formula('Summary', 'B7')).toBe('B5-B8');
    expect(formula('Summary', 'B8')).toBe('Lines!K7-B9');
    expect(formula('Summary', 'B9')).toBe('Positions!H3');
    expect(formula('Summary', 'B10')).toBe('SUMIF(Lines!$M$2:$M$6,"Yes",Lines!$K$2:$K$6)-B11');
    expect(formula('Summary', 'B11')).toBe('Positions!I3');
    expect(formula('Summary', 'B12')).toBe('B10-B6');
    expect(formula('Summary', 'B14')).toBe('IF(COUNT(Lines!$I$2:$I$6),B12<=0,"No budget lines yet")');
    expect(cellCents(ev.cell('Summary', 'B5'))).toBe(original);
    expect(cellCents(ev.cell('Summary', 'B7'))).toBe(original - kept);
    expect(cellCents(ev.cell('Summary', 'B8'))).toBe(kept);
    expect(cellCents(ev.cell('Summary', 'B9'))).toBe(0n);
    expect(cellCents(ev.cell('Summary', 'B10'))).toBe(general);
    expect(cellCents(ev.cell('Summary', 'B12'))).toBe(gap);
    expect(ev.cell('Summary', 'B13')).toBe('Under goal by $74,413.49');
    expect(cached('Summary', 'B13')).toBe('Under goal by $74,413.49');
    expect(ev.cell('Summary', 'B14')).toBe(true);
    expect(ev.cell('Summary', 'B15')).toBe(4);
    expect(ev.cell('Summary', 'B16')).toBe(5);
    expect(cellCents(cached('Summary', 'B12') as number)).toBe(gap);
  });

  it('totals each category with SUMIF over the lines', async () => {
    const { book, ev } = await open();
    const sheet = book.getWorksheet('Summary')!;
    expect(sheet.getCell('A18').value).toBe('By category');
    const rows = [19, 20, 21].map((r) => [
      sheet.getCell(`A${r}`).value,
      cellCents(ev.cell('Summary', `B${r}`)),
      cellCents(ev.cell('Summary', `C${r}`)),
      cellCents(ev.cell('Summary', `D${r}`)),
    ]);
    expect(rows).toEqual([
      ['Teachers', 216690005n, 162517503n, 54172502n],
      ['Supplies', 10000000n, 9917691n, 82309n],
      ['Technology', 450010n, 0n, 450010n],
    ]);
  });

  it('takes the cuts and adds by position off the total and the general fund, as the screen does', async () => {
    const { book, ev, formula, cached } = await open(POSITIONS);
    const original = AMOUNTS.reduce((a, b) => a + b);
    const linesKept = KEPT.reduce((a, b) => a + b);
    const kept = linesKept - POSITIONS_NET;
    const general = linesKept - KEPT[3] - POSITIONS_GENERAL;
    const gap = general - 170000000n;
    // The Positions sheet: each change's effect on the total as a formula over what it saves or costs.
    const positions = book.getWorksheet('Positions')!;
    expect(positions.getCell('A2').value).toBe('Cut');
    expect(formula('Positions', 'H2')).toBe('G2');
    expect(formula('Positions', 'H3')).toBe('-G3');
    expect(positions.getCell('J4').value).toBe('The position is closed now: this cut saves nothing more');
    expect(positions.getCell('G5').value).toBeNull();
    expect(positions.getCell('J5').value).toBe('No step and lane set');
    expect(formula('Positions', 'H6')).toBe('SUM(H2:H5)');
    expect(cellCents(ev.cell('Positions', 'H6'))).toBe(POSITIONS_NET);
    expect(cellCents(ev.cell('Positions', 'I6'))).toBe(POSITIONS_GENERAL);
    // The Summary's figures: the lines' kept amounts less the positions' net, the gap on the general fund.
    expect(formula('Summary', 'B9')).toBe('Positions!H6');
    expect(cellCents(ev.cell('Summary', 'B8'))).toBe(kept);
    expect(cellCents(ev.cell('Summary', 'B7'))).toBe(original - kept);
    expect(cellCents(ev.cell('Summary', 'B10'))).toBe(general);
    expect(cellCents(ev.cell('Summary', 'B12'))).toBe(gap);
    expect(cellCents(cached('Summary', 'B12') as number)).toBe(gap);
    expect(ev.cell('Summary', 'B14')).toBe(gap <= 0n);
    // The category table's columns add up to the adjusted total and the total cuts.
    const sheet = book.getWorksheet('Summary')!;
    expect(sheet.getCell('A22').value).toBe('Cuts and adds by position');
    const column = (c: string) =>
      [19, 20, 21, 22].reduce((n, r) => n + cellCents(ev.cell('Summary', `${c}${r}`)), 0n);
    expect(column('C')).toBe(kept);
    expect(column('D')).toBe(original - kept);
  });

  it('says why each cut was picked, its warning beside it, as the Scenario Builder lists them', async () => {
    const NO_SALARY = 'saves nothing: its holder has no salary';
    const { book } = await open([
      change(1, 'cut', 80000.15, 48000.09, { why: 'hired 2019-08-26 (least senior)' }),
      change(2, 'cut', 0, 0, { why: 'no hire date: newest position', warning: NO_SALARY }),
      // A cut saved before the reasons were kept, and an add (made by hand): nothing is made up.
      change(3, 'cut', 61000.07, 61000.07, { reason: 'Enrollment down' }),
      change(4, 'add', 52000.5, 52000.5),
    ]);
    const sheet = book.getWorksheet('Positions')!;
    const text = (address: string) => {
      const v = sheet.getCell(address).value;
      return v === null ? null : String(v);
    };
    expect([text('K1'), text('L1')]).toEqual(['Picked', 'Warning']);
    expect([2, 3, 4, 5].map((r) => [text(`K${r}`), text(`L${r}`)])).toEqual([
      ['hired 2019-08-26 (least senior)', null],
      // The list's words: a sentence of its own, capitalised (the server writes it in lower case).
      ['no hire date: newest position', 'Saves nothing: its holder has no salary'],
      [null, null],
      [null, null],
    ]);
    // The user's own reason stays in the Note column, apart from the pick's.
    expect(text('J4')).toBe('Enrollment down');
  });

  it('writes text that would run as a formula as text', async () => {
    const { book } = await open();
    expect(book.getWorksheet('Lines')!.getCell('B4').value).toBe(`'=HYPERLINK("http://x","y")`);
  });
});
