import type { Db } from '@server/db/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { deseCodes } from '@server/domains/massachusetts';
import type { PublicStaffing } from '@shared/schemas/staffing';
import { staffingRows, type StaffingRow } from './queries/staffing';
import { frozenFromRows, lastYearStaffing, noLastYearNote } from './staffing-compare';

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
  const rows = await staffingRows(db, home.id, fiscalYear);
  if (!frozenFromRows(rows)) {
    return null;
  }
  const last = await lastYearStaffing(db, fiscalYear);
  const group = (r: StaffingRow, dimension: 'building' | 'function' | 'workGroup' | 'total') => {
    const key = r.key === null ? null : String(r.key);
    const before =
      dimension === 'total' ? last?.totals : last?.groups[dimension].find((g) => g.key === key)?.fte;
    const name =
      dimension === 'total'
        ? 'All positions'
        : dimension === 'function'
          ? key === null
            ? 'No function code'
            : `${key} ${deseCodes().get(key)?.name ?? ''}`.trim()
          : (r.name ?? 'District Wide');
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
  };
}
