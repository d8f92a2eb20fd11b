import { formatMoney } from '@shared/money';
import { wholeDollarGroups, wholeDollarTable } from '@shared/whole-dollars';
import { escapeHtml, table, type Row } from '@server/lib/html';
import { MIN_CELL_COUNT, smallGroupsNote, type PublicYearData } from '@shared/schemas/public-dashboard';

/**
 * The budget's tables of the resident page's plain HTML (server/public-page.ts): by category (with
 * the state's categories and per pupil by them) and by school, each saying, as the page's script
 * does, when rows of fewer than 5 staff are counted together or in the total only. Whole dollars
 * that add up to the Total row, as the script's tables show them (shared/whole-dollars.ts).
 */

const money = (amount: number) => escapeHtml(formatMoney(amount));
/** A caption with the breakdown's note after it, when it has one. */
const captioned = (caption: string, note: string | null) => (note ? `${caption}. ${note}` : caption);

/** Named rows and a Total row under them, in whole dollars that add up. */
function amountRows(rows: readonly { name: string; amount: number }[]): Row[] {
  const whole = wholeDollarTable(rows.map((r) => r.amount));
  return rows.length
    ? [...rows.map((r, i): Row => [escapeHtml(r.name), money(whole.rows[i])]), ['Total', money(whole.total)]]
    : [];
}

/** The state's categories, each with its functions under it, and the year's total. */
function deseRows(data: PublicYearData): Row[] {
  const whole = wholeDollarGroups(data.deseBreakdown, data.totalBudget);
  const rows = data.deseBreakdown.flatMap((g, i) => [
    [`<strong>${escapeHtml(g.name)}</strong>`, `<strong>${money(whole.groups[i].amount)}</strong>`] as Row,
    ...g.functions.map(
      (fn, j) =>
        [`${escapeHtml(fn.code)} ${escapeHtml(fn.name)}`, money(whole.groups[i].functions[j])] as Row,
    ),
  ]);
  return rows.length ? [...rows, ['Total', money(whole.total)]] : [];
}

/** Per pupil by DESE spending category, after the categories' amounts. */
function perPupilDeseTable(f: string, data: PublicYearData): string {
  const dese = data.perPupilDese;
  return dese?.byCategory?.length
    ? table(
        `Per pupil by the state's (DESE) spending categories, ${f}: each category ÷ ${dese.foundationEnrollment.toLocaleString('en-US')} foundation enrollment`,
        ['State category', 'Per pupil'],
        dese.byCategory.map((c) => [escapeHtml(c.name), money(c.perPupil)]),
      )
    : '';
}

/** The tables of the category chart's or the building chart's section. */
export function budgetTablesHtml(
  name: 'categoryChart' | 'buildingChart',
  f: string,
  data: PublicYearData,
): string {
  if (name === 'buildingChart') {
    return table(
      captioned(
        `Spending by school, ${f}`,
        smallGroupsNote('buildings', data.buildingBreakdown, data.buildingWithheld),
      ),
      ['School', 'Amount'],
      amountRows(data.buildingBreakdown),
    );
  }
  return (
    table(
      captioned(
        `Where the money goes, ${f}`,
        smallGroupsNote('categories', data.categoryBreakdown, data.categoryWithheld),
      ),
      ['Category', 'Amount'],
      amountRows(data.categoryBreakdown),
    ) +
    table(
      captioned(
        `The ${f} budget in the state's categories (DESE function codes)`,
        data.deseWithheld
          ? `Functions whose staff are fewer than ${MIN_CELL_COUNT} even all together are counted in the total only.`
          : null,
      ),
      ['State category and function', 'Amount'],
      deseRows(data),
    ) +
    perPupilDeseTable(f, data)
  );
}
