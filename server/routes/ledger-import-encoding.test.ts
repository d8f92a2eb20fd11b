import { describe, expect, it } from 'vitest';
import { ledgerSuite } from '../../test/worlds/ledger.suite';

/**
 * A ledger saved by Excel on Windows is Windows-1252, not UTF-8. When its first 64 KB were plain
 * ASCII the whole file was read as UTF-8 and a later 'Café' was stored as 'Caf�' without a word.
 * Each line that is not UTF-8 is now read as Windows-1252, and the preview names those rows.
 */
const s = ledgerSuite('ledger-encoding-');

const HEADER =
  'account,description,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,period,fiscal_year';
const row = (i: number, description: string) =>
  `0100-3-300-2305-01-1-74-2-5${String(i).padStart(5, '0')},${description},100.00,0.00,100.00,40.00,0.00,6,2026`;

/** `before` ASCII rows, then the given rows as bytes of their own, CRLF-ended. */
function ledgerBytes(before: number, after: Buffer[]): Buffer {
  const ascii = [HEADER, ...Array.from({ length: before }, (_, i) => row(i, `SUPPLIES ${i}`))];
  return Buffer.concat([
    Buffer.from(`${ascii.join('\r\n')}\r\n`),
    ...after.map((b) => Buffer.concat([b, Buffer.from('\r\n')])),
  ]);
}

// Windows-1252 bytes: Latin-1 for accented letters, 0x92 for the typographic apostrophe.
const latin1 = (text: string) => Buffer.from(text.replace(/’/g, '\x92'), 'latin1');

async function descriptions(importId: number): Promise<Map<number, string>> {
  const rows = await s.t.db
    .knex('ledger_accounts')
    .where({ ledger_import_id: importId })
    .select('row_number', 'description');
  return new Map(rows.map((r) => [r.row_number as number, r.description as string]));
}

describe('a ledger file that is not all UTF-8', () => {
  it('reads a Windows-1252 row after 64 KB of ASCII as Windows-1252, names it in the preview and stores Café', async () => {
    await s.budgetYear(2026);
    // 900 rows of about 90 bytes: the accented row starts past the 64 KB the encoding was guessed from.
    const file = ledgerBytes(900, [
      latin1(row(900, 'Café supplies')),
      Buffer.from(row(901, 'Crème brûlée (UTF-8)')),
    ]);
    expect(file.indexOf(0xe9)).toBeGreaterThan(64 * 1024);
    const dry = await s.importFile(file, { fiscalYear: 'FY2026', dryRun: true }, { name: 'ytd.csv' });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.encodingNotice).toBe(
      "Row 902 is not UTF-8 text: read as Windows-1252 (what Excel on Windows saves as 'CSV'), e.g. row 902: '…-300-2305-01-1-74-2-500900,Café supplies,100.00,0.00,100.00,…'. Check that the accents look right; saving the file as 'CSV UTF-8' avoids this.",
    );
    const res = await s.importFile(file, { fiscalYear: 'FY2026' }, { name: 'ytd.csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await descriptions(res.body.importId);
    expect(stored.get(902)).toBe('Café supplies');
    expect(stored.get(903)).toBe('Crème brûlée (UTF-8)');
    expect([...stored.values()].some((d) => d.includes('\ufffd'))).toBe(false);
  });

  it('names the Windows-1252 rows of the first part already in the analysis', async () => {
    const file = ledgerBytes(2, [
      latin1(row(2, 'Fête de l’école')),
      latin1(row(3, 'Niño')),
      latin1(row(4, 'PLAIN')),
    ]);
    const analysis = await s.analyze(file, 'ytd.csv');
    expect(analysis.status).toBe(200);
    expect(analysis.body.encodingNotice).toMatch(
      /^Rows 4, 5 are not UTF-8 text: read as Windows-1252 .* e\.g\. row 4: '….*,Fête de l’école,.*'/,
    );
    expect(analysis.body.previewData[2].description).toBe('Fête de l’école');
    const utf8 = await s.analyze(ledgerBytes(2, [Buffer.from(row(2, 'Fête'))]), 'ytd.csv');
    expect(utf8.body.encodingNotice).toBeNull();
  });
});
