import type { Db } from '@server/db/index';
import { homeOfFiscalYear } from '@server/domains/budgets';
import { deseCodes } from '@server/domains/massachusetts';
import { foldSmallGroups } from '@server/lib/pay-groups';
import { fromUnits, unitsOf } from '@shared/money';
import { OTHER_BUILDINGS_LABEL } from '@shared/schemas/public-dashboard';
import type { PublicStaffing, PublicFundedBy, StaffingFte } from '@shared/schemas/staffing';
import { fundFteRows, staffingRows, type StaffingRow } from './queries/staffing';
import { frozenFromRows, lastYearRows, noLastYearNote, withOtherSidesGroups } from './staffing-compare';
import { FUND_ORDER } from '@server/sql/general-fund';

/**
 * What the resident page shows of a fiscal year's staffing, worked out when the year is published.
 * Which roster is the year's staff is the staff figures' choice (the budgets domain's
 * staffFigures, reconciliation.positionsRoster), passed as `plannedFrom`: a year planned from the
 * roster before it (no payroll of its own) shows that roster as it stands, its budgeted positions,
 * the adopted cuts and adds for it included, against that roster as its own year holds it; any
 * other year shows its own roster as it holds it (the cuts and adds adopted for the year after,
 * which that roster's cost budgets, given back: queries/staffing.ts heldByItsYear), against the
 * year before's, so a cut adopted for next year reads under next year, never under this one.
 *
 * The figures: FTE by building and by function code, filled, vacant and frozen (the signed-in
 * staffing's split, TOTALS), beside last year's. Positions only: no titles, no holders, no pay
 * (the public page's salary figures have their own small-cell rules). A school whose filled positions are held by 1 to 4 people, this year or last, is not
 * shown on its own, as the page's staff by location and budget by building do not show it: such
 * schools are one row, OTHER_BUILDINGS_LABEL, with the smallest others until it holds 5 people on
 * both sides (server/lib/pay-groups.ts foldSmallGroups), or in the total only when even together
 * they are fewer (`buildingsWithheld`). Null when the year has no positions.
 */
export async function publicStaffing(
  db: Db,
  fiscalYear: number,
  plannedFrom: { budgetYearId: number; fiscalYear: number } | null = null,
): Promise<PublicStaffing | null> {
  const home = plannedFrom ? { id: plannedFrom.budgetYearId } : await homeOfFiscalYear(db, fiscalYear);
  if (!home) {
    return null;
  }
  // The roster the year's staff are: the one it is planned from (as it stands), else its own (as held).
  const roster = plannedFrom?.fiscalYear ?? fiscalYear;
  const held = !plannedFrom;
  const own = await staffingRows(db, home.id, roster, held);
  if (!frozenFromRows(own)) {
    return null;
  }
  // Last year's staffing: the roster before this year's own, as its year holds it.
  const lastRows = plannedFrom
    ? await staffingRows(db, home.id, roster, true)
    : await lastYearRows(db, fiscalYear, true);
  const last = frozenFromRows(lastRows);
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
      frozenFte: Number(r.frozen_fte),
      lastYear: last ? (before ?? null) : null,
    };
  };
  const { schools, folded } = foldSchools(rows, lastRows, (r) => group(r, 'building'));
  return {
    lastYearFiscalYear: fiscalYear - 1,
    lastYearNote: last ? null : noLastYearNote(fiscalYear),
    totals: group(
      rows.find((r) => r.dimension === 'total')!,
      'total',
    ),
    ...schools,
    byFunction: rows.filter((r) => r.dimension === 'function').map((r) => group(r, 'function')),
    fundedBy: await fundedBy(db, home.id, roster, held, folded),
  };
}

const buildingKey = (r: Pick<StaffingRow, 'key'>) => (r.key === null ? null : String(r.key));

/** FTE figures added up exactly, in thousandths (numeric(5,3) positions). */
const sumFte = (values: readonly number[]) =>
  fromUnits(
    values.reduce((n, v) => n + (unitsOf(v, 3) ?? 0n), 0n),
    3,
  );
const sumFtes = (groups: readonly StaffingFte[]): StaffingFte => ({
  fte: sumFte(groups.map((g) => g.fte)),
  filledFte: sumFte(groups.map((g) => g.filledFte)),
  vacantFte: sumFte(groups.map((g) => g.vacantFte)),
});

type PublicGroup = PublicStaffing['byBuilding'][number];

/**
 * The schools as residents may read them: those of 1 to 4 people (this year's holders, or last
 * year's) folded into one row after the rest, or left in the total only; with the folded keys.
 */
function foldSchools(
  rows: readonly StaffingRow[],
  lastRows: readonly StaffingRow[],
  group: (r: StaffingRow) => PublicGroup,
): {
  schools: Pick<PublicStaffing, 'byBuilding' | 'buildingsWithheld'>;
  folded: { keys: Set<string | null>; withheld: boolean };
} {
  const lastPeople = new Map(
    lastRows.filter((r) => r.dimension === 'building').map((r) => [buildingKey(r), Number(r.people)]),
  );
  const { shown, folded, withheld } = foldSmallGroups(
    rows.filter((r) => r.dimension === 'building'),
    (r) => [Number(r.people), lastPeople.get(buildingKey(r)) ?? 0],
  );
  const byBuilding = shown.map(group);
  if (folded.length && !withheld) {
    const groups = folded.map(group);
    const before = groups.flatMap((g) => (g.lastYear ? [g.lastYear] : []));
    byBuilding.push({
      name: OTHER_BUILDINGS_LABEL,
      ...sumFtes(groups),
      frozenFte: sumFte(groups.map((g) => g.frozenFte ?? 0)),
      lastYear: before.length ? sumFtes(before) : null,
    });
  }
  return {
    schools: { byBuilding, ...(withheld ? { buildingsWithheld: true as const } : {}) },
    folded: { keys: new Set(folded.map(buildingKey)), withheld },
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
 * pays any FTE (the general fund first), then 'Other funds' for the rest when they pay any. The
 * schools `folded` (foldSchools) are one row, OTHER_BUILDINGS_LABEL, or none when withheld.
 */
async function fundedBy(
  db: Db,
  budgetYearId: number,
  fiscalYear: number,
  held: boolean,
  folded: { keys: Set<string | null>; withheld: boolean },
): Promise<PublicFundedBy> {
  const rows = await fundFteRows(db, budgetYearId, fiscalYear, held);
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
      return { key, name: nameOf(dimension, key, own[0].name), fte: fteOf(own) };
    });
  };
  const schools = lines('building');
  const other = schools.filter((l) => folded.keys.has(l.key));
  const byBuilding = [
    ...schools.filter((l) => !folded.keys.has(l.key)),
    ...(other.length && !folded.withheld
      ? [{ name: OTHER_BUILDINGS_LABEL, fte: columns.map((_, i) => sumFte(other.map((l) => l.fte[i]))) }]
      : []),
  ];
  return {
    funds: columns.map((id) => {
      const fund = named.find((f) => f.id === id);
      return fund ? { name: fund.name, code: fund.code } : { name: 'Other funds', code: null };
    }),
    totals: fteOf(rows.filter((r) => r.dimension === 'total')),
    byBuilding: byBuilding.map(({ name, fte }) => ({ name, fte })),
    byFunction: lines('function').map(({ name, fte }) => ({ name, fte })),
  };
}
