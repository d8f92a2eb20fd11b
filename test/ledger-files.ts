/** Ledger files made in tests and benches (none is committed: the big ones are 10 MB). */

const HEADER =
  'account,description,original_approp,transfers_adjustments,revised_budget,ytd_expended,encumbrances,available_budget,period,fiscal_year';
const FUNCTIONS = ['1110', '2305', '2330', '2440', '4220', '3300', '2710'];

/**
 * A MUNIS-shaped year-to-date ledger of `rows` accounts (about 100 bytes each) at `period` of
 * FY2026, every account distinct and every amount the same, CRLF-ended as MUNIS writes it.
 */
export function generatedLedgerCsv(rows: number, period = 6): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i += 1) {
    const f = FUNCTIONS[i % FUNCTIONS.length];
    lines.push(
      `0100-3-300-${f}-0${i % 9}-1-74-2-5${String(i).padStart(6, '0')},ACCOUNT ${i},1000.00,10.00,1010.00,500.25,10.00,499.75,${period},2026`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
