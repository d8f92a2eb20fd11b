import { cellText, type Cell } from './cells';
import { parseDate } from './dates';
import { extractDeseCode, isAccountString } from './dese';
import type { BuildingMatcher, CategoryMatcher } from './match';
import { parseMoney } from './money';
import { parseFiscalYearCell, parseFte, parseStatus } from './values';

/** What a column's values look like, as shares of its non-blank sample values (0..1). */
export interface ColumnProfile {
  filled: number;
  money: number;
  /** Median of the money values, to tell salaries from small numbers. */
  medianMoney: number;
  date: number;
  fte: number;
  lastFirst: number;
  account: number;
  deseCode: number;
  building: number;
  /** Values naming a budget category. */
  category: number;
  status: number;
  fiscalYear: number;
  /** Text that is not a number, date or code. */
  text: number;
  /** Distinct values / filled. */
  distinct: number;
}

const LAST_FIRST = /^[A-Za-z][A-Za-z'\-. ]*,\s*[A-Za-z]/;

/** Profiles each column over sample rows, so suggestions can use values when headers say little. */
export function profileColumns(
  width: number,
  rows: readonly (readonly Cell[])[],
  matchers: { buildings: BuildingMatcher; categories: CategoryMatcher },
): ColumnProfile[] {
  const profiles: ColumnProfile[] = [];
  for (let col = 0; col < width; col += 1) {
    const cells = rows.map((r) => r[col] ?? null).filter((c) => cellText(c) !== '');
    const n = cells.length;
    const share = (test: (c: Cell) => boolean) => (n ? cells.filter(test).length / n : 0);
    const money = cells.map((c) => parseMoney(c).value).filter((v): v is string => v !== null);
    const sorted = money.map(Number).sort((a, b) => a - b);
    const isNumberish = (c: Cell) => parseMoney(c).value !== null || parseDate(c).value !== null;
    profiles.push({
      filled: n,
      money: n ? money.length / n : 0,
      medianMoney: sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0,
      // Only dates written as dates: a bare 5-digit number (a ZIP code) is not evidence of one.
      date: share(
        (c) =>
          c instanceof Date ||
          (typeof c === 'string' && /[-/.\s]/.test(c.trim()) && parseDate(c).value !== null),
      ),
      fte: share((c) => {
        const v = parseFte(c);
        return v.value !== null && !v.note && /^\d*\.?\d+%?$/.test(cellText(c));
      }),
      lastFirst: share((c) => LAST_FIRST.test(cellText(c))),
      account: share((c) => isAccountString(c)),
      deseCode: share((c) => /^\d{4}(\.0+)?$/.test(cellText(c)) && extractDeseCode(c) !== null),
      building: share((c) => matchers.buildings.match(cellText(c)) !== null),
      category: share((c) => matchers.categories.byName(cellText(c)) !== null),
      status: share((c) => parseStatus(c).value !== null && cellText(c).length > 1),
      fiscalYear: share(
        (c) =>
          /^(fy\s*'?\d{2,4}|\d{4}\s*[-/]\s*\d{2,4}|20\d{2})$/i.test(cellText(c)) &&
          parseFiscalYearCell(c).value !== null,
      ),
      text: share((c) => !isNumberish(c) && /[A-Za-z]/.test(cellText(c))),
      distinct: n ? new Set(cells.map((c) => cellText(c).toLowerCase())).size / n : 0,
    });
  }
  return profiles;
}
