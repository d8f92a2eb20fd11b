// @vitest-environment happy-dom
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildXlsx, exportCsv, neutralise, toCsv, type ExportColumn } from '@web/lib/export';

interface Line {
  name: string;
  amount: number | null;
  fte: number | null;
  note: string | null;
}

const columns: ExportColumn<Line>[] = [
  { header: 'Name', kind: 'text', value: (r) => r.name },
  { header: 'Amount', kind: 'money', value: (r) => r.amount },
  { header: 'FTE', kind: 'number', value: (r) => r.fte },
  { header: 'Notes', kind: 'text', value: (r) => r.note },
];

const rows: Line[] = [
  { name: '=HYPERLINK("http://evil.example","click")', amount: 1234.56, fte: 1, note: 'plain' },
  { name: 'Credit, grant offset', amount: -850000, fte: null, note: '+1 555 0100' },
  { name: '@SUM(A1:A2)', amount: 0.1, fte: 0.5, note: '-2+3' },
  { name: '\tTabbed', amount: null, fte: 1.5, note: '\rReturn' },
  { name: 'Zoë "Zed" Ortiz', amount: 99999999.99, fte: 0.75, note: 'line one\nline two' },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('neutralise', () => {
  it('prefixes a quote to text a spreadsheet would run as a formula or command', () => {
    for (const text of ['=1+1', '+1', '-1', '@x', '\tx', '\rx']) {
      expect(neutralise(text)).toBe(`'${text}`);
    }
  });

  it('leaves ordinary text alone, including formula characters after the first', () => {
    for (const text of ['', 'Teacher', 'a=b', 'Smith-Jones', 'x@example.org', "'already quoted"]) {
      expect(neutralise(text)).toBe(text);
    }
  });
});

describe('toCsv', () => {
  it('neutralises text cells but writes numbers, negative ones included, as numbers', () => {
    const lines = toCsv(rows, columns).split('\r\n');
    expect(lines[0]).toBe('Name,Amount,FTE,Notes');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")",1234.56,1,plain`);
    expect(lines[2]).toBe(`"Credit, grant offset",-850000,,'+1 555 0100`);
    expect(lines[3]).toBe(`'@SUM(A1:A2),0.1,0.5,'-2+3`);
    expect(lines[4]).toBe(`'\tTabbed,,1.5,"'\rReturn"`);
    expect(lines[5]).toBe('"Zoë ""Zed"" Ortiz",99999999.99,0.75,"line one\nline two"');
    expect(lines[6]).toBe('');
  });

  it('downloads a UTF-8 file with a byte-order mark under the given name', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    exportCsv(rows.slice(0, 1), columns, 'proposed-budget');
    expect(clicked).toEqual(['proposed-budget.csv']);
    const bytes = new Uint8Array(await created[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    click.mockRestore();
  });
});

describe('buildXlsx', () => {
  it('round-trips through exceljs: numbers stay numbers with a currency format, formulas stay text', async () => {
    const bytes = await buildXlsx(rows, columns, 'Proposed: FY26 [draft]');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Proposed  FY26  draft ');
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Amount', 'FTE', 'Notes']);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(first.getCell(1).formula).toBeUndefined();
    expect(first.getCell(2).value).toBe(1234.56);
    expect(first.getCell(2).numFmt).toContain('#,##0.00');
    expect(sheet.getRow(3).getCell(2).value).toBe(-850000);
    expect(sheet.getRow(3).getCell(4).value).toBe("'+1 555 0100");
    expect(sheet.getRow(4).getCell(1).value).toBe("'@SUM(A1:A2)");
    expect(sheet.getRow(4).getCell(3).value).toBe(0.5);
    expect(sheet.getRow(5).getCell(2).value).toBeNull();
    expect(sheet.getRow(6).getCell(2).value).toBe(99999999.99);
    expect(sheet.getRow(6).getCell(1).value).toBe('Zoë "Zed" Ortiz');
  });

  it('writes a header-only sheet when nothing is shown', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await buildXlsx([], columns));
    expect(book.worksheets[0].rowCount).toBe(1);
    expect(book.worksheets[0].name).toBe('Export');
  });
});
