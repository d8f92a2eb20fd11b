import type { Db } from '@server/db/index';
import type { StaffRoster, StaffSource } from '@shared/schemas/dashboard';
import { reconciliation } from '@server/domains/line-items';
import * as q from './queries/dashboard';
import * as rq from './queries/dashboard-roster';

/**
 * Whose staff a year's figures count, for every page that shows them (the Budget Dashboard's staff
 * cards, dashboard.ts, and the resident page's snapshot, public-dashboard-figures.ts): where its
 * salary budget comes from decides (the line writer's rule, reconciliation.positionsRoster,
 * salarySource's choice). A year with a payroll of its own counts its employee lines (a line is one
 * person's pay); a year without one whose salaries are a roster of positions' budgeted cost counts
 * that roster's funded positions, their FTE and cost, the people being the filled positions'
 * holders, each once (projected employee lines are a guess at the roster the positions replace:
 * counted apart, projectedEmployees). These figures give every payroll: the callers withhold it.
 */
export interface Staff extends q.EmployeeFigures {
  source: StaffSource;
  roster: StaffRoster | null;
  /** The people whose pay totalSalary sums, and each building's (by building id). */
  people: number;
  peopleAt: Map<number | null, number>;
}

/** A year's staff figures (see Staff); `linesOnly`: the employee lines' whatever the salaries follow. */
export async function staffFigures(db: Db, scope: q.Scope, linesOnly = false): Promise<Staff> {
  const [{ follows, roster }, stats] = await Promise.all([
    linesOnly
      ? { follows: false, roster: null }
      : reconciliation.positionsRoster(db, scope.budgetYearId, scope.fiscalYear),
    q.employeeStats(db, scope),
  ]);
  if (!follows || !roster) {
    // No roster: the lines, or (none in any fund: the fund choice may leave them all out) nothing.
    const source = stats.totalEmployees > 0 || (await rq.hasEmployeeLines(db, scope)) ? 'lines' : 'none';
    const peopleAt = new Map(stats.byBuilding.map((b) => [b.buildingId, b.count]));
    return { ...stats, source, roster: null, people: stats.totalEmployees, peopleAt };
  }
  const rows = await rq.rosterStaff(db, roster, scope.funds);
  const groups = rows.filter((r) => r.is_total !== 1);
  const total = rows.find((r) => r.is_total === 1);
  const n = (key: 'count' | 'filled' | 'vacant' | 'frozen' | 'unpriced' | 'people') => total?.[key] ?? 0;
  // Most positions first; equal counts keep their order by cost (a stable sort).
  const byCount = groups.map((_, i) => i).sort((a, b) => groups[b].count - groups[a].count);
  return {
    totalEmployees: n('count'),
    totalSalary: Number(total?.salary ?? 0),
    totalFte: Number(total?.fte ?? 0),
    projectedEmployees: stats.projectedEmployees,
    byBuilding: groups.map((r) => ({
      buildingId: r.building_id,
      building: r.name ?? q.DISTRICT_WIDE,
      count: r.count,
      total: Number(r.salary),
      fte: Number(r.fte),
    })),
    byCount,
    source: 'roster',
    roster: {
      ...roster,
      filled: n('filled'),
      vacant: n('vacant'),
      frozen: n('frozen'),
      holders: n('people'),
      unpriced: n('unpriced'),
    },
    people: n('people'),
    peopleAt: new Map(groups.map((r) => [r.building_id, r.people])),
  };
}

/** Headcount by location with the figures it comes from (staffFigures): its source and people. */
export type StaffHeadcount = q.HeadcountFigures & Pick<Staff, 'source' | 'roster' | 'people' | 'peopleAt'>;

/**
 * Headcount and payroll by location, most people first, of staffFigures' choice: the employee
 * lines by location, or a roster's funded positions by building with their cost; from the same
 * rows as staffFigures' byBuilding, in its headcount order (byCount).
 */
export async function staffHeadcount(db: Db, scope: q.Scope): Promise<StaffHeadcount> {
  const staff = await staffFigures(db, scope);
  const { source, roster, people, peopleAt } = staff;
  return {
    locations: staff.byCount.map((i) => {
      const b = staff.byBuilding[i];
      return {
        buildingId: b.buildingId,
        location: b.building,
        count: b.count,
        totalSalary: b.total,
        totalFte: b.fte,
      };
    }),
    totalEmployees: staff.totalEmployees,
    totalSalary: staff.totalSalary,
    source,
    roster,
    people,
    peopleAt,
  };
}

/**
 * Teacher and paraeducator salaries by range (every range: the callers suppress small ones) of the
 * people the staff figures count, by the same choice: the year's employee lines, or for a year
 * whose salaries a roster budgets, that roster's holders at their budgeted salaries, each once
 * (rq.rosterSalaryRanges).
 */
export async function staffSalaryRanges(
  db: Db,
  scope: q.Scope,
): Promise<{
  follows: boolean;
  roster: { budgetYearId: number; fiscalYear: number };
  rows: q.SalaryRangeRow[];
}> {
  const { follows, roster } = await reconciliation.positionsRoster(db, scope.budgetYearId, scope.fiscalYear);
  const rows = follows
    ? await rq.rosterSalaryRanges(db, roster, scope.funds)
    : await q.salaryRanges(db, scope);
  return { follows, roster, rows };
}
