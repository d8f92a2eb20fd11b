import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, neutralise, workbookBytes } from './workbook';

async function read(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return book;
}

describe('the workbook writer', () => {
  it('writes values, formulas with their results, formats, frozen heading rows and print setup', async () => {
    const bytes = await workbookBytes([
      {
        name: 'A sheet name longer than Excel allows (31 characters)',
        widths: [30, 16],
        headRows: 2,
        print: 'landscape',
        boldRows: [2],
        rows: [
          [{ value: 'Title', fmt: 'bold' }],
          ['Item', 'Amount'],
          ['=HYPERLINK("http://evil","click")', { value: 1234.5, fmt: 'money' }],
          ['-5 is text here', { value: -12.25, fmt: 'money' }],
          ['Total', { formula: 'SUM(B3:B4)', result: 1222.25, fmt: 'money' }],
          ['Share', { formula: 'ROUND(B4/B3*100,2)', result: -0.99, fmt: 'percent' }],
        ],
      },
    ]);
    const sheet = (await read(bytes)).worksheets[0];
    expect(sheet.name).toBe('A sheet name longer than Excel ');
    // Text that would run as a formula arrives as text; negative numbers stay numbers.
    expect(sheet.getCell('A3').value).toBe('\'=HYPERLINK("http://evil","click")');
    expect(sheet.getCell('A4').value).toBe("'-5 is text here");
    expect(sheet.getCell('B4').value).toBe(-12.25);
    expect(sheet.getCell('B5').value).toEqual({ formula: 'SUM(B3:B4)', result: 1222.25 });
    expect(sheet.getCell('B5').numFmt).toBe('"$"#,##0.00;[Red]-"$"#,##0.00');
    expect(sheet.getCell('B6').numFmt).toBe('0.00##');
    expect(sheet.getRow(2).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', paperSize: 1, fitToWidth: 1 });
    expect(sheet.pageSetup.printTitlesRow).toBe('2:2');
  });

  it('names columns as a spreadsheet does', () => {
    expect([1, 26, 27, 28, 52, 703].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'AAA']);
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx', 'ok', ''].map(neutralise)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      'ok',
      '',
    ]);
  });
});

/*
 * One writer: the screens' calculation exports, the DESE report, the stage comparison and budget
 * vs actual once each had their own copy of the cell writer, its formats and the formula-injection
 * rule, and the copies had drifted (percent written '0.0' by the CLI, '0.00##' by the screen).
 */
describe('the one home of the workbook writer and the formula-injection rule', () => {
  const ROOT = path.resolve(import.meta.dirname, '..');
  const HOME = 'shared/workbook.ts';
  const RULES: [string, RegExp][] = [
    ['writes workbook cells', /function\s+write\w*\s*\(\s*cell\s*:\s*ExcelJS\.Cell/],
    ['lists the formula triggers', /\[\s*'='\s*,\s*'\+'\s*,\s*'-'\s*,\s*'@'/],
    ['tests for the formula triggers', /\/\^\[=\+\\-@/],
    ['defines a workbook number format', /'"\$"#,##0\.00;\[Red\]/],
  ];

  function files(dir: string): string[] {
    return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
  }

  it('is shared/workbook.ts alone', () => {
    const found: string[] = [];
    for (const file of ['server', 'web/src', 'cli'].flatMap(files)) {
      if (file === HOME || file.includes('node_modules')) {
        continue;
      }
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [what, re] of RULES) {
        if (re.test(text)) {
          found.push(`${file} ${what}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
