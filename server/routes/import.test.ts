import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uploadsDir } from '@server/lib/import/uploads';
import { analyze, fixture, writeCounts, zip } from '../../test/factories';
import { importSuite } from '../../test/worlds/import.suite';

const s = importSuite('import-test-');

const uploads = () => {
  const dir = uploadsDir(s.t.app.config.dataDir);
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe('POST /import/analyze', () => {
  it('returns 401 without a token', async () => {
    const res = await analyze(s.t, undefined, { name: 'a.csv', data: 'a,b\n1,2\n' });
    expect(res.status).toBe(401);
  });

  it('returns 400 without a file or with a bad import type', async () => {
    const noFile = await analyze(s.t, s.admin.token, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toMatch(/choose a file/i);
    const badType = await analyze(
      s.t,
      s.admin.token,
      { name: 'a.csv', data: 'a,b\n1,2\n' },
      { importType: 'payroll' },
    );
    expect(badType.status).toBe(400);
    expect(badType.body.details).toContainEqual({
      path: 'importType',
      message: 'Choose operating or proposed',
    });
    const extra = await analyze(
      s.t,
      s.admin.token,
      { name: 'a.csv', data: 'a,b\n1,2\n' },
      { importType: 'operating', role: 'x' },
    );
    expect(extra.status).toBe(400);
  });

  it('returns 403 for FINANCE and VIEW_ONLY', async () => {
    for (const role of ['FINANCE', 'VIEW_ONLY'] as const) {
      const user = await s.t.userWith(role);
      const res = await analyze(s.t, user.token, { name: 'a.csv', data: 'Name,Salary\nA,1\n' });
      expect(res.status).toBe(403);
    }
  });

  it('returns 415 for an unsupported extension and for content that is no spreadsheet', async () => {
    const pdf = await analyze(s.t, s.admin.token, { name: 'budget.pdf', data: '%PDF-1.7' });
    expect(pdf.status).toBe(415);
    expect(pdf.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: expect.stringMatching(/\.pdf/) });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const renamed = await analyze(s.t, s.admin.token, { name: 'payroll.csv', data: png });
    expect(renamed.status).toBe(415);
    expect(renamed.body.error).toMatch(/neither CSV text nor an Excel workbook/);
    const docx = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect((await analyze(s.t, s.admin.token, { name: 'payroll.xlsx', data: docx })).status).toBe(415);
    expect(uploads()).toBe(0);
  });

  it('returns 400 for an empty file, a header without rows, a damaged workbook and a zip bomb', async () => {
    const before = await writeCounts(s.t.db.knex);
    const empty = await analyze(s.t, s.admin.token, { name: 'empty.csv', data: '' });
    expect(empty).toMatchObject({ status: 400, body: { error: 'The file is empty' } });
    const blank = await analyze(s.t, s.admin.token, { name: 'blank.csv', data: '\r\n,,\r\n\r\n' });
    expect(blank.body.error).toMatch(/no rows with data/);
    const headerOnly = await analyze(s.t, s.admin.token, { name: 'h.csv', data: 'NAME,TITLE,REGULAR\r\n' });
    expect(headerOnly).toMatchObject({
      status: 400,
      body: { error: 'The file has column headers but no data rows' },
    });
    const corrupt = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]);
    const damaged = await analyze(s.t, s.admin.token, { name: 'broken.xlsx', data: corrupt });
    expect(damaged.status).toBe(400);
    expect(damaged.body.error).toMatch(/could not be read/);
    const bomb = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    const bombed = await analyze(s.t, s.admin.token, { name: 'bomb.xlsx', data: bomb });
    expect(bombed.status).toBe(400);
    expect(bombed.body.error).toMatch(/zip bomb/);
    const liar = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(2 * 1024 * 1024, 0x20), declaredSize: 1000 },
    ]);
    const lied = await analyze(s.t, s.admin.token, { name: 'liar.xlsx', data: liar });
    expect(lied.status).toBe(400);
    expect(lied.body.error).toMatch(/more data than it declares/);
    expect(await writeCounts(s.t.db.knex)).toEqual(before);
    expect(uploads()).toBe(0);
  });

  it('returns 413 for a file over 50 MB', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x41);
    const res = await analyze(s.t, s.admin.token, { name: 'huge.csv', data: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The file is larger than the 50 MB upload limit',
    });
    expect(uploads()).toBe(0);
  });

  it('analyzes the Boston payroll CSV: names, salary, title, department, and the first 5 rows', async () => {
    const res = await analyze(s.t, s.admin.token, {
      name: 'boston-earnings-2024.csv',
      data: fixture('boston-earnings-2024.csv'),
    });
    expect(res.status).toBe(200);
    const a = res.body;
    expect(a).toMatchObject({
      success: true,
      originalName: 'boston-earnings-2024.csv',
      fileType: 'csv',
      headerRow: 1,
    });
    expect(a.fileName).toMatch(/^[a-f0-9]{32}$/);
    expect(a.detectedColumns).toEqual([
      'NAME',
      'DEPARTMENT_NAME',
      'TITLE',
      'REGULAR',
      'RETRO',
      'OTHER',
      'OVERTIME',
      'INJURED',
      'DETAIL',
      'QUINN_EDUCATION',
      'TOTAL GROSS',
      'POSTAL',
    ]);
    expect(a.expectedColumns).toContainEqual(
      expect.objectContaining({ field: 'currentSalary', label: 'Current Salary', required: true }),
    );
    expect(a.suggestedMappings).toMatchObject({
      lastName: { csvColumn: 'NAME', confidence: 'high' },
      position: { csvColumn: 'TITLE', confidence: 'high' },
      department: { csvColumn: 'DEPARTMENT_NAME', confidence: 'high' },
      currentSalary: { csvColumn: 'REGULAR', confidence: 'medium' },
      hireDate: { csvColumn: null, confidence: 'none' },
    });
    expect(a.previewData).toHaveLength(5);
    expect(a.previewData[0]).toMatchObject({
      NAME: 'Demesmin,Stanley',
      REGULAR: '161,306.48',
      POSTAL: '02052',
    });
    expect(a.savedMapping).toBe(false);
    expect(uploads()).toBe(2); // the file and its description, kept for execute
  });

  it('finds the header below title rows in the Lunenburg budget workbook and merges two header rows', async () => {
    const res = await analyze(
      s.t,
      s.admin.token,
      { name: 'lunenburg-fy27-budget.xlsx', data: fixture('lunenburg-fy27-budget.xlsx') },
      { importType: 'proposed' },
    );
    expect(res.status).toBe(200);
    expect(res.body.headerRow).toBe(5);
    expect(res.body.sheetName).toBe('FY27 Budget Projection');
    expect(res.body.detectedColumns.slice(0, 7)).toEqual([
      'DISTRICT EXPENSES',
      'Column B',
      'FY23 ACTUALS',
      'FY24 ACTUALS',
      'FY25 ACTUALS',
      'FY26 FINAL BUDGET',
      'FY27 Proposed',
    ]);
    expect(res.body.suggestedMappings.amount).toEqual({ csvColumn: 'FY27 Proposed', confidence: 'medium' });
    expect(res.body.suggestedMappings.accountDescription.csvColumn).toBe('Column B');
  });

  it('reads an .xls that is really .xlsx, a legacy BIFF8 .xls, and a MUNIS ledger CSV', async () => {
    const ooxml = await analyze(s.t, s.admin.token, {
      name: 'cps-position-roster.xls',
      data: fixture('cps-position-roster.xls'),
    });
    expect(ooxml.status).toBe(200);
    expect(ooxml.body.fileType).toBe('xlsx');
    const biff = await analyze(s.t, s.admin.token, {
      name: 'cps-position-roster-biff8.xls',
      data: fixture('cps-position-roster-biff8.xls'),
    });
    expect(biff.status).toBe(200);
    expect(biff.body.fileType).toBe('xls');
    for (const res of [ooxml, biff]) {
      expect(res.body.suggestedMappings).toMatchObject({
        lastName: { csvColumn: 'Name', confidence: 'high' },
        currentFTE: { csvColumn: 'FTE', confidence: 'high' },
        currentSalary: { csvColumn: 'FTE Annual Salary', confidence: 'high' },
        jobClass: { csvColumn: 'JobCode', confidence: 'high' },
        position: { csvColumn: 'Job Title', confidence: 'high' },
      });
      // Job codes keep their leading zeros.
      expect(res.body.previewData.map((r: Record<string, string>) => r.JobCode)).toContain('000055');
    }
    const munis = await analyze(
      s.t,
      s.admin.token,
      { name: 'lunenburg-munis-ytd-fy2023.csv', data: fixture('lunenburg-munis-ytd-fy2023.csv') },
      { importType: 'proposed' },
    );
    expect(munis.body.suggestedMappings).toMatchObject({
      accountLine: { csvColumn: 'account', confidence: 'high' },
      accountDescription: { csvColumn: 'description', confidence: 'high' },
      amount: { csvColumn: 'revised_budget' },
      fiscalYear: { csvColumn: 'fiscal_year', confidence: 'high' },
    });
  });

  it('reads semicolon CSVs with a BOM and CRLF, UTF-16 text and Windows-1252 accents', async () => {
    const semi = await analyze(s.t, s.admin.token, {
      name: 'eu.csv',
      data: '\ufeffLast Name;First Name;Salary\r\n"Doe; Jr";Jane;"1.234"\r\nRoe;Rick;50000\r\n',
    });
    expect(semi.body.detectedColumns).toEqual(['Last Name', 'First Name', 'Salary']);
    expect(semi.body.previewData[0]['Last Name']).toBe('Doe; Jr');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tSalary\r\nZoë Lane\t61000\r\n', 'utf16le'),
    ]);
    const u = await analyze(s.t, s.admin.token, { name: 'unicode.csv', data: utf16 });
    expect(u.body.detectedColumns).toEqual(['Name', 'Salary']);
    expect(u.body.previewData[0].Name).toBe('Zoë Lane');
    const latin = Buffer.from('Name,Salary\nJos\xe9 Pe\xf1a,"61,000"\n', 'latin1');
    const l = await analyze(s.t, s.admin.token, { name: 'latin.csv', data: latin });
    expect(l.body.previewData[0].Name).toBe('José Peña');
  });
});

describe('GET /import/runs and GET /import/saved-mappings', () => {
  it('returns 401, 400 and 403 in turn', async () => {
    expect((await s.t.api('get', '/import/runs')).status).toBe(401);
    expect((await s.t.api('get', '/import/runs?limit=0', { token: s.admin.token })).status).toBe(400);
    const finance = await s.t.userWith('FINANCE');
    expect((await s.t.api('get', '/import/runs', { token: finance.token })).status).toBe(403);
    expect((await s.t.api('get', '/import/saved-mappings', { token: s.admin.token })).status).toBe(400);
    expect(
      (
        await s.t.api('get', '/import/saved-mappings?importType=operating&columns=A', {
          token: finance.token,
        })
      ).status,
    ).toBe(403);
  });

  it('answers null for a layout never mapped', async () => {
    const res = await s.t.api(
      'get',
      '/import/saved-mappings?importType=operating&columns=NAME&columns=TITLE',
      {
        token: s.admin.token,
      },
    );
    expect(res).toMatchObject({ status: 200, body: { mapping: null } });
  });
});
