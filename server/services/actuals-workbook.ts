import type ExcelJS from 'exceljs';
import type { AppContext } from '@server/context';
import { actualsFileName, actualsSheets, type SheetSpec, type XCell } from '@server/lib/actuals-workbook';
import type { Actor } from '@server/policies/index';
import type { ActualsGrouping } from '@server/schemas/actuals';
import { budgetVsActual } from './actuals-report';

/**
 * Budget vs actual as an .xlsx file for the CLI (`budget-cli actuals report --xlsx FILE`): the same
 * sheets the screen's Export Excel writes (server/lib/actuals-workbook.ts), written with exceljs.
 */

const FORMATS = { money: '"$"#,##0.00;[Red]-"$"#,##0.00', percent: '0.0', int: '#,##0' } as const;

/** Text a spreadsheet would run as a formula is written with a leading quote. */
const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

function write(cell: ExcelJS.Cell, spec: XCell): void {
  if (spec === null) {
    return;
  }
  if (typeof spec !== 'object') {
    cell.value = typeof spec === 'string' ? neutralise(spec) : spec;
    return;
  }
  if ('formula' in spec) {
    cell.value = { formula: spec.formula, result: spec.result } as ExcelJS.CellFormulaValue;
  } else {
    cell.value = typeof spec.value === 'string' ? neutralise(spec.value) : spec.value;
  }
  if (spec.fmt === 'bold') {
    cell.font = { bold: true };
  } else if (spec.fmt) {
    cell.numFmt = FORMATS[spec.fmt];
  }
}

/** The sheets as workbook bytes. */
export async function workbookBytes(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  book.created = new Date();
  book.calcProperties.fullCalcOnLoad = true;
  for (const spec of sheets) {
    const sheet = book.addWorksheet(spec.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 4 }] });
    spec.widths.forEach((w, i) => {
      sheet.getColumn(i + 1).width = w;
    });
    spec.rows.forEach((row, r) => row.forEach((cell, c) => write(sheet.getCell(r + 1, c + 1), cell)));
    sheet.getRow(1).font = { bold: true, size: 13 };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The report, its workbook and a file name such as 'FY2023-budget-vs-actual-by-function.xlsx'. */
export async function budgetVsActualWorkbook(
  app: AppContext,
  actor: Actor,
  query: { fiscalYear: number; by: ActualsGrouping; budgetYearId?: number },
) {
  const report = await budgetVsActual(app, actor, query);
  return { report, fileName: actualsFileName(report), body: await workbookBytes(actualsSheets(report)) };
}
