import { formatMoney } from '@shared/money';
import { escapeHtml, table, type Row } from '@server/lib/html';
import { MIN_CELL_COUNT, smallGroupsNote, type PublicYearData } from '@shared/schemas/public-dashboard';

/**
 * The budget's tables of the resident page's plain HTML (server/public-page.ts): by category (with
 * the state's categories and per pupil by them) and by school, each saying, as the page's script
 * does, when rows of fewer than 5 staff are counted together or in the total only.
 */

const money = (amount: number) => escapeHtml(formatMoney(amount));
/** A caption with the breakdown's note after it, when it has one. */
const captioned = (caption: string, note: string | null) => (note ? `${caption}. ${note}` : caption);

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
      data.buildingBreakdown.map((b) => [escapeHtml(b.name), money(b.amount)]),
    );
  }
  return (
    table(
      captioned(
        `Where the money goes, ${f}`,
        smallGroupsNote('categories', data.categoryBreakdown, data.categoryWithheld),
      ),
      ['Category', 'Amount'],
      data.categoryBreakdown.map((c) => [escapeHtml(c.name), money(c.amount)]),
    ) +
    table(
      captioned(
        `The ${f} budget in the state's categories (DESE function codes)`,
        data.deseWithheld
          ? `Functions whose staff are fewer than ${MIN_CELL_COUNT} even all together are counted in the total only.`
          : null,
      ),
      ['State category and function', 'Amount'],
      data.deseBreakdown.flatMap((g) => [
        [`<strong>${escapeHtml(g.name)}</strong>`, `<strong>${money(g.amount)}</strong>`] as Row,
        ...g.functions.map(
          (fn) => [`${escapeHtml(fn.code)} ${escapeHtml(fn.name)}`, money(fn.amount)] as Row,
        ),
      ]),
    ) +
    perPupilDeseTable(f, data)
  );
}
