import type { Db } from '@server/db/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { deseCodes } from '@server/domains/massachusetts';
import type { PublicStaffing, PublicFundedBy } from '@shared/schemas/staffing';
import { fundFteRows, staffingRows, type StaffingRow } from './queries/staffing';
import { frozenFromRows, lastYearStaffing, noLastYearNote, withOtherSidesGroups } from './staffing-compare';
import { FUND_ORDER } from '@server/sql/general-fund';

/**
 * What the resident page shows of a fiscal year's roster, worked out when the year is published:
 * FTE by building and by function code, filled and vacant, beside last year's. Positions only:
 * no titles, no holders, no pay (the public page's salary figures have their own small-cell
 * rules). Null when the year has no positions.
 */
export async function publicStaffing(db: Db, fiscalYear: number): Promise<PublicStaffing | null> {
  const home = await homeOfFiscalYear(db, fiscalYear);
  if (!home) {
    return null;
  }
  const own = await staffingRows(db, home.id, fiscalYear);
  if (!frozenFromRows(own)) {
    return null;
  }
  const last = await lastYearStaffing(db, fiscalYear);
  // Last year's schools and functions this year has none in too, so the changes add up.
  const rows = await withOtherSidesGroups(db, own, [last]);
  const group = (r: StaffingRow, dimension: 'building' | 'function' | 'workGroup' | 'total') => {
    const key = r.key === null ? null : String(r.key);
    const before =
      dimension === 'total' ? last?.totals : last?.groups[dimension].find((g) => g.key === key)?.fte;
    const name = nameOf(dimension, key, r.name);
    return {
      name,
      fte: Number(r.fte),
      filledFte: Number(r.filled_fte),
      vacantFte: Number(r.vacant_fte),
      lastYear: last ? (before ?? null) : null,
    };
  };
  return {
    lastYearFiscalYear: fiscalYear - 1,
    lastYearNote: last ? null : noLastYearNote(fiscalYear),
    totals: group(
      rows.find((r) => r.dimension === 'total')!,
      'total',
    ),
    byBuilding: rows.filter((r) => r.dimension === 'building').map((r) => group(r, 'building')),
    byFunction: rows.filter((r) => r.dimension === 'function').map((r) => group(r, 'function')),
    fundedBy: await fundedBy(db, home.id, fiscalYear),
  };
}

/** A group's name as residents read it: the school (District Wide), or the function code and name. */
function nameOf(dimension: string, key: string | null, name: string | null): string {
  if (dimension === 'total') {
    return 'All positions';
  }
  if (dimension === 'function') {
    return key === null ? 'No function code' : `${key} ${deseCodes().get(key)?.name ?? ''}`.trim();
  }
  return name ?? 'District Wide';
}

/**
 * Who pays for the positions, by school and by function: a column per fund named to residents that
 * pays any FTE (the general fund first), then 'Other funds' for the rest when they pay any.
 */
async function fundedBy(db: Db, budgetYearId: number, fiscalYear: number): Promise<PublicFundedBy> {
  const rows = await fundFteRows(db, budgetYearId, fiscalYear);
  const named: { id: number; name: string; code: string }[] = await db('funds')
    .where({ show_to_residents: true })
    .orderByRaw(FUND_ORDER())
    .select('id', 'name', 'code');
  const columns: (number | null)[] = named
    .filter((f) => rows.some((r) => r.fund_id === f.id))
    .map((f) => f.id);
  if (rows.some((r) => r.fund_id === null)) {
    columns.push(null);
  }
  const fteOf = (of: typeof rows) => columns.map((id) => Number(of.find((r) => r.fund_id === id)?.fte ?? 0));
  const lines = (dimension: 'building' | 'function') => {
    const at = rows.filter((r) => r.dimension === dimension);
    const keys = [...new Set(at.map((r) => r.key))];
    return keys.map((key) => {
      const own = at.filter((r) => r.key === key);
      return { name: nameOf(dimension, key, own[0].name), fte: fteOf(own) };
    });
  };
  return {
    funds: columns.map((id) => {
      const fund = named.find((f) => f.id === id);
      return fund ? { name: fund.name, code: fund.code } : { name: 'Other funds', code: null };
    }),
    totals: fteOf(rows.filter((r) => r.dimension === 'total')),
    byBuilding: lines('building'),
    byFunction: lines('function'),
  };
}
