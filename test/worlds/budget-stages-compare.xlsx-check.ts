import type ExcelJS from 'exceljs';

/**
 * Works out every formula of the stage comparison workbook from the cells it refers to, as Excel
 * would when the file opens, and compares it with the cached result the server wrote. Amounts are
 * added as whole cents. Knows only the formula shapes the workbook writes: A-B, SUM(range),
 * SUMIFS(range, range, "text"), a reference to another sheet, 0, and the percent IF(...ROUND(...)).
 */

const REF = String.raw`\$?[A-Z]+\$?\d+`;
const cellOf = (book: ExcelJS.Workbook, sheet: string, addr: string) =>
  book.getWorksheet(sheet)!.getCell(addr.replace(/\$/g, ''));

function formulaOf(cell: ExcelJS.Cell): ExcelJS.CellFormulaValue | null {
  const v = cell.value as unknown;
  return v && typeof v === 'object' && 'formula' in v ? (v as ExcelJS.CellFormulaValue) : null;
}

/** A cell's value in hundredths (cents for money), formulas worked out. */
function hundredths(book: ExcelJS.Workbook, sheet: string, addr: string): number {
  const cell = cellOf(book, sheet, addr);
  const f = formulaOf(cell);
  if (f) {
    return evaluate(book, sheet, f.formula) as number;
  }
  const v = cell.value;
  return typeof v === 'number' ? Math.round(v * 100) : 0;
}

function rangeRows(from: string, to: string): number[] {
  const a = Number(/\d+/.exec(from)![0]);
  const b = Number(/\d+/.exec(to)![0]);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/** The formula's value: hundredths for amounts and counts, a percent (2 decimals) or '' for percents. */
export function evaluate(book: ExcelJS.Workbook, sheet: string, formula: string): number | string {
  let m: RegExpExecArray | null;
  if (formula === '0') {
    return 0;
  }
  if ((m = new RegExp(`^(${REF})-(${REF})$`).exec(formula))) {
    return hundredths(book, sheet, m[1]) - hundredths(book, sheet, m[2]);
  }
  if ((m = new RegExp(`^'([^']+)'!(${REF})$`).exec(formula))) {
    return hundredths(book, m[1], m[2]);
  }
  if ((m = /^SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)$/.exec(formula))) {
    const col = m[1];
    return rangeRows(m[2], m[4]).reduce((a, r) => a + hundredths(book, sheet, `${col}${r}`), 0);
  }
  if ((m = /^SUMIFS\(([A-Z]+)(\d+):[A-Z]+(\d+),([A-Z]+)\d+:[A-Z]+\d+,"([^"]*)"\)$/.exec(formula))) {
    const [, sumCol, a, b, critCol, text] = m;
    return rangeRows(a, b)
      .filter((r) => cellOf(book, sheet, `${critCol}${r}`).value === text)
      .reduce((acc, r) => acc + hundredths(book, sheet, `${sumCol}${r}`), 0);
  }
  if ((m = new RegExp(`^IF\\((${REF})=0,"",ROUND\\((${REF})/(${REF})\\*100,2\\)\\)$`).exec(formula))) {
    const from = hundredths(book, sheet, m[1]);
    if (from === 0) {
      return '';
    }
    const diff = hundredths(book, sheet, m[2]);
    return Math.round((diff / from) * 10000) / 100;
  }
  throw new Error(`Unexpected formula in ${sheet}: ${formula}`);
}

/** Every formula of the workbook worked out and compared with its cached result. */
export function evaluateWorkbook(book: ExcelJS.Workbook): { formulas: number; mismatches: string[] } {
  const mismatches: string[] = [];
  let formulas = 0;
  for (const ws of book.worksheets) {
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const f = formulaOf(cell);
        if (!f) {
          return;
        }
        formulas += 1;
        const got = evaluate(book, ws.name, f.formula);
        // The file holds <v>0</v> for a zero result, but exceljs reads a cached 0 back as no result.
        const cached = f.result === undefined && got === 0 ? 0 : (f.result as unknown);
        const ok =
          typeof got === 'string'
            ? cached === got || cached === undefined
            : f.formula.startsWith('IF(')
              ? typeof cached === 'number' && Math.abs(cached - got) < 0.005
              : typeof cached === 'number' && Math.round(cached * 100) === got;
        if (!ok) {
          mismatches.push(
            `${ws.name}!${cell.address} ${f.formula}: cached ${String(cached)}, worked out ${got}`,
          );
        }
      }),
    );
  }
  return { formulas, mismatches };
}
