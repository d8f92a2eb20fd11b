import { fiscalYearLabel } from '@shared/budget-math';
import { FUND_MESSAGES } from '@shared/schemas/funds';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useOverAwardFunds } from '@web/api/funds-report';
import { Alert } from '@web/components/alert';
import { formatMoneyCents } from '@web/lib/format';

/**
 * The grants whose lines in a fiscal year are more than their award, by the server's rule
 * (server/domains/funds/over-award.ts, the one home of it), and a test of a line's fund for the
 * grids that flag it.
 */
export function useOverAward(budgetYearId: number | null | undefined, fiscalYear: number | null | undefined) {
  const report = useOverAwardFunds(budgetYearId ?? null, fiscalYear ?? null);
  return useMemo(() => {
    const over = report.data?.funds ?? [];
    const ids = new Set(over.map((f) => f.fundId));
    return { over, isOver: (fundId: number | null) => fundId !== null && ids.has(fundId) };
  }, [report.data]);
}

/** Says which grants are over their award in the fiscal year, with the way to the funds report. */
export function OverAwardNotice({
  over,
  fiscalYear,
}: {
  over: ReturnType<typeof useOverAward>['over'];
  fiscalYear: number | null | undefined;
}) {
  if (!over.length || !fiscalYear) {
    return null;
  }
  return (
    <div className="grid-outcome">
      <Alert variant="warning" title={`Over the award in ${fiscalYearLabel(fiscalYear)}`}>
        <ul className="warning-list">
          {over.map((f) => (
            <li key={f.fundId}>
              {FUND_MESSAGES.overAward(f.name, formatMoneyCents(f.budget), formatMoneyCents(f.awardAmount))}
            </li>
          ))}
        </ul>
        <Link to="/funds-report">Open the Budget of All Funds</Link>
      </Alert>
    </div>
  );
}
