import type { WalkGroupRow } from './queries/salary-walk';
import { centsOf, formatNumber, fromCents } from '@shared/money';
import { fiscalYearLabel } from '@shared/budget-math';
import { COLA_SOURCES, type ColaSource, type ColaYearSources } from '@shared/schemas/cola-assumptions';

/**
 * The COLA sources of one fiscal year of the salary walk: the COLA dollars by source, each unit's
 * source and percent, and a warning for every unit the walk moved at 0% for want of a contract,
 * scenario setting or long-term assumption (docs/ARCHITECTURE.md 'Salary rules'). Shared by the
 * multi-year projection and the RIF gap so both word it the same.
 */

/** What the sources are worked out from: the salary walk's rows of one year, or a saved breakdown. */
type SourceRow = Pick<
  WalkGroupRow,
  'workGroupId' | 'workGroup' | 'colaSource' | 'colaPercentage' | 'employees' | 'colaAmount'
>;

const sourceOf = (r: SourceRow): ColaSource =>
  (COLA_SOURCES as readonly string[]).includes(r.colaSource ?? '') ? (r.colaSource as ColaSource) : 'NONE';

export function colaYearSourcesOf(fiscalYear: number, rows: readonly SourceRow[]): ColaYearSources {
  const sums: Record<ColaSource, bigint> = {
    SETTLED: 0n,
    NEGOTIATING: 0n,
    SCENARIO: 0n,
    LONG_TERM: 0n,
    NONE: 0n,
  };
  const units = new Map<string, ColaYearSources['colaUnits'][number] & { cents: bigint }>();
  for (const r of rows) {
    const source = sourceOf(r);
    const cola = centsOf(r.colaAmount);
    sums[source] += cola;
    const key = `${r.workGroupId ?? `none:${r.workGroup ?? ''}`}`;
    const unit = units.get(key) ?? {
      workGroupId: r.workGroupId,
      workGroup: r.workGroup,
      colaSource: source,
      colaPercentage: r.colaPercentage === null ? 0 : Number(r.colaPercentage),
      employees: 0,
      colaAmount: 0,
      cents: 0n,
    };
    unit.employees += r.employees;
    unit.cents += cola;
    units.set(key, unit);
  }
  const colaUnits = [...units.values()]
    .filter((u) => u.employees > 0)
    .map(({ cents, ...u }) => ({ ...u, colaAmount: fromCents(cents) }));
  const year = fiscalYearLabel(fiscalYear);
  const zero = colaUnits.filter((u) => u.colaSource === 'NONE' && u.workGroupId !== null);
  const ungrouped = colaUnits.filter((u) => u.workGroupId === null).reduce((n, u) => n + u.employees, 0);
  const colaWarnings: string[] = [];
  if (zero.length) {
    const names = zero
      .map((u) => `${u.workGroup ?? `work group ${u.workGroupId}`} (${formatNumber(u.employees)})`)
      .join(', ');
    colaWarnings.push(
      `${year} assumes 0% COLA for ${names}: no contract, COLA scenario setting or long-term COLA assumption covers ${year}.`,
    );
  }
  if (ungrouped > 0) {
    colaWarnings.push(
      `${year}: ${formatNumber(ungrouped)} employee${ungrouped === 1 ? ' has' : 's have'} no work group, so no COLA is applied to them.`,
    );
  }
  return {
    colaBySource: {
      settled: fromCents(sums.SETTLED),
      negotiating: fromCents(sums.NEGOTIATING),
      scenario: fromCents(sums.SCENARIO),
      longTerm: fromCents(sums.LONG_TERM),
    },
    colaUnits,
    colaWarnings,
  };
}

/** The warnings of a saved RIF calculation, from its stored breakdown (decimal strings). */
export function colaWarningsOfBreakdown(
  fiscalYear: number,
  breakdown: readonly {
    workGroupId: number | null;
    workGroupName: string | null;
    colaSource: string;
    percentage: string;
    employees: number;
    amount: string;
  }[],
): string[] {
  return colaYearSourcesOf(
    fiscalYear,
    breakdown.map((b) => ({
      workGroupId: b.workGroupId,
      workGroup: b.workGroupName,
      colaSource: b.colaSource,
      colaPercentage: b.percentage,
      employees: b.employees,
      colaAmount: b.amount,
    })),
  ).colaWarnings;
}
