import { useMemo } from 'react';
import { useBudgetSettings } from '@web/api/budget-settings';
import type { SalaryProgression } from '@web/api/salary-progression';
import { useSchedules } from '@web/api/salary-schedules';
import { useWorkGroups } from '@web/api/work-groups';
import { formatPercentage } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { colaByWorkGroup, schedulesRule, stepsLanesRule } from './district-rule';
import { ruleExample, ruleExampleText } from './rule-example';

interface Props {
  people: readonly SalaryProgression[];
  budgetYear: { id: number; fiscalYear: string } | null;
}

/**
 * How each year's increase is made: the rule in general, this district's figures as its data has
 * them (budget settings, schedules, the COLA of the people listed), a worked example of that rule
 * (left out while the data gives none), and why a payroll year's YoY can differ from the rule's Total.
 */
export function IncreaseExplainer({ people, budgetYear }: Props) {
  const settings = useBudgetSettings(budgetYear?.id);
  const workGroups = useWorkGroups();
  const schedules = useSchedules();
  const groupNames = useMemo(
    () => new Map((workGroups.data?.workGroups ?? []).map((g) => [g.id, g.name])),
    [workGroups.data],
  );
  const cola = useMemo(() => colaByWorkGroup(people), [people]);
  const ready = settings.isSuccess && workGroups.isSuccess && schedules.isSuccess;
  const example = useMemo(() => ruleExample(people), [people]);

  return (
    <section className="card progression-explainer" aria-labelledby="progression-how">
      <h2 id="progression-how">How each year’s increase is made</h2>
      <p>
        <strong>COLA</strong> is a percent of each employee’s own salary, rounded to the cent: the settled
        contract of their work group for that year, else the negotiating one, else the default COLA scenario
        (the work group’s setting, then its category’s), else, past the last contract and scenario year, the
        scenario’s long-term assumption, else 0%; each year names its source under the percent.{' '}
        <strong>Steps and lanes</strong>: an employee placed on a salary schedule moves one step a year at
        that year’s schedule amount; anyone else gets the budget settings’ pooled allowance, the same for
        everyone in the listed work groups rather than each person’s own step. <strong>Total</strong> is the
        two added together.
      </p>
      <h3>
        This district’s rule, from its data{budgetYear ? ` (budget year ${budgetYear.fiscalYear})` : ''}
      </h3>
      {ready ? (
        <ul className="progression-rule">
          <li>
            <strong>COLA: </strong>
            {cola.length ? (
              <>
                by work group and year, as the rows below apply it (from the contract, else the default
                scenario):{' '}
                {cola
                  .map(
                    (g) =>
                      `${g.workGroup} ${g.years
                        .map((y) => `${fiscalYearLabel(y.fiscalYear)}\u00a0${formatPercentage(y.percent)}`)
                        .join(', ')}`,
                  )
                  .join('; ')}
                .
              </>
            ) : (
              'shown for each person below once people are listed.'
            )}
          </li>
          <li>
            <strong>Steps and lanes: </strong>
            {stepsLanesRule(settings.data?.settings, groupNames)}
          </li>
          <li>
            <strong>Schedules: </strong>
            {schedulesRule(schedules.data?.schedules ?? [])}
          </li>
        </ul>
      ) : (
        <p className="progression-muted">Reading the district’s settings…</p>
      )}
      {example ? (
        <p className="progression-example">
          <strong>For example</strong>, {ruleExampleText(example)}
        </p>
      ) : null}
      <p className="progression-yoy-note">
        <strong>YoY</strong> is the change the salaries themselves show, year over year; <strong>COLA</strong>
        , <strong>Steps and lanes</strong> and <strong>Total</strong> are what the rule gives for that year.
        On a payroll year the two can differ (a step or lane change, a stipend, a new position or FTE); a
        difference of more than a point is marked under the YoY.
      </p>
    </section>
  );
}
