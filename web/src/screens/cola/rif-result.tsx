import type { RifCalculation } from '@web/api/cola';
import { formatDateTime, formatMoneyCents, formatPercentage } from '@web/lib/format';
import { rifSheet } from './calc-workbooks';
import { fiscalYearLabel } from '@shared/budget-math';
import { COLA_RULE, SOURCE_LABELS } from './cola-format';
import { ExportButton } from '@web/components/export-button';
import { Alert } from '@web/components/alert';
import { HowCalculated } from './how-calculated';
import { NoSalaryNote } from './no-salary-note';
import { ScrollArea } from './scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

const $ = formatMoneyCents;

/** One RIF calculation: the figures, the breakdown, the cost of 1% COLA and the working. */
export function RifResult({
  calculation: c,
  scenarioName,
}: {
  calculation: RifCalculation;
  scenarioName: string;
}) {
  const steps = c.includeStepsLanes ? $(c.stepsLanesAmount) : '$0.00 (not included)';
  return (
    <section className="card cola-result" aria-labelledby="rif-result-title">
      <h3 id="rif-result-title">
        {fiscalYearLabel(c.fiscalYear)} RIF gap{' '}
        {c.rifRequired ? (
          <span className="badge badge--danger">RIF required</span>
        ) : (
          <span className="badge badge--success">No RIF required</span>
        )}
      </h3>
      <p className="cola-muted">
        Calculated {formatDateTime(c.calculatedAt)}
        {c.calculatedBy ? ` by ${c.calculatedBy}` : ''} from the salaries of{' '}
        {c.baseYear === null ? 'FY?' : fiscalYearLabel(c.baseYear)} ({c.employees ?? 0} active employees paid
        by the general fund); COLA scenario: {scenarioName}.
      </p>
      <NoSalaryNote count={c.employeesWithoutSalary} />
      {c.colaWarnings.length ? (
        <Alert variant="info" title="This calculation assumes 0% COLA for some employees">
          <ul>
            {c.colaWarnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="rif-top">
        <div className="rif-main">
          <div className="kpis kpis--four">
            <div className="kpi">
              <span className="kpi__label">District need</span>
              <span className="kpi__value money">{$(c.districtNeed)}</span>
            </div>
            <div className="kpi">
              <span className="kpi__label">Town funding</span>
              <span className="kpi__value money">{$(c.townFundingAmount)}</span>
            </div>
            <div className="kpi">
              <span className="kpi__label">Gap</span>
              <span className={`kpi__value money ${c.rifRequired ? 'text-danger' : 'text-success'}`}>
                {$(c.gap)}
              </span>
            </div>
            <div className="kpi">
              <span className="kpi__label">Positions (estimate)</span>
              <span className="kpi__value money">{c.positionsEstimate}</span>
            </div>
          </div>
          <dl className="figure-list">
            <div>
              <dt>{c.needSource ? 'Own proposed budget' : 'Baseline budget'}</dt>
              <dd>{$(c.baselineBudget)}</dd>
            </div>
            <div>
              <dt>COLA impact: settled contracts</dt>
              <dd>{$(c.colaImpact.settled)}</dd>
            </div>
            <div>
              <dt>COLA impact: negotiating contracts</dt>
              <dd>{$(c.colaImpact.negotiating)}</dd>
            </div>
            <div>
              <dt>COLA impact: COLA scenario</dt>
              <dd>{$(c.colaImpact.scenario)}</dd>
            </div>
            <div>
              <dt>COLA impact: long-term assumption</dt>
              <dd>{$(c.colaImpact.longTerm)}</dd>
            </div>
            <div>
              <dt>COLA impact: total</dt>
              <dd>{$(c.colaImpact.total)}</dd>
            </div>
            <div>
              <dt>Steps and lanes</dt>
              <dd>
                {c.includeStepsLanes ? $(c.stepsLanesAmount) : `Not included (${$(c.stepsLanesAmount)})`}
              </dd>
            </div>
            <div>
              <dt>
                New hires ({c.newHires} starting in {fiscalYearLabel(c.fiscalYear)})
              </dt>
              <dd>{$(c.newHiresAmount)}</dd>
            </div>
            <div>
              <dt>Typed next-year salaries, beyond the rule</dt>
              <dd>{$(c.adjustmentsAmount)}</dd>
            </div>
          </dl>
          <HowCalculated
            actions={
              <ExportButton
                sheets={() => [rifSheet(c)]}
                fileName={`rif-gap-${fiscalYearLabel(c.fiscalYear)}-${c.id}.xlsx`}
              />
            }
            lines={[
              `COLA impact ${$(c.colaImpact.total)} = settled ${$(c.colaImpact.settled)} + negotiating ${$(c.colaImpact.negotiating)} + scenario ${$(c.colaImpact.scenario)} + long-term assumption ${$(c.colaImpact.longTerm)}`,
              c.needSource
                ? `District need ${$(c.districtNeed)} = the ${c.needSource}; its COLA, steps and lanes and new hires (above, from the salary walk) are already in it`
                : `District need ${$(c.districtNeed)} = baseline ${$(c.baselineBudget)} + COLA ${$(c.colaImpact.total)} + steps and lanes ${steps} + new hires ${$(c.newHiresAmount)} + typed next-year salaries ${$(c.adjustmentsAmount)}`,
              `Gap ${$(c.gap)} = district need ${$(c.districtNeed)} − town funding ${$(c.townFundingAmount)}`,
              c.rifRequired
                ? `RIF required: the gap is above $0. Positions ${c.positionsEstimate} = ${$(c.gap)} ÷ ${$(c.averagePositionCost)} a position, rounded up`
                : 'No RIF required: the gap is $0 or less, so no positions (0).',
            ]}
            notes={
              <p>
                {COLA_RULE} The COLA and steps and lanes are those moving each active employee from{' '}
                {fiscalYearLabel(c.fiscalYear - 1)} into {fiscalYearLabel(c.fiscalYear)}, starting from the{' '}
                {c.baseYear === null ? 'FY?' : fiscalYearLabel(c.baseYear)} payroll (the latest year with
                imported or entered salaries before it). A new hire (a salary of 0) is paid what was entered
                for them, else the cell of the schedule they were placed on (times their FTE); a typed
                next-year salary replaces the rule’s for that person.
              </p>
            }
          />
        </div>
        <aside className="one-percent" aria-label="Cost of 1% COLA per bargaining unit">
          <ScrollArea label="Cost of 1% COLA">
            <table className="table table--compact">
              <caption className="table-caption">Cost of 1% COLA</caption>
              <TableHead cols={['Bargaining unit', numCol('Employees'), numCol('1% costs')]} />
              <tbody>
                {c.costOfOnePercent.map((u) => (
                  <tr key={u.workGroupId}>
                    <th scope="row">{u.workGroupName}</th>
                    <td className="num">{u.employees}</td>
                    <td className="num">{$(u.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {c.costOfOnePercent.length === 0 ? (
              <p className="field__hint">
                No bargaining unit has employees in {fiscalYearLabel(c.fiscalYear - 1)}: give employees a work
                group to see what 1% costs each unit.
              </p>
            ) : (
              <p className="field__hint">
                1% of each employee’s {fiscalYearLabel(c.fiscalYear - 1)} salary
                {c.baseYear !== null && c.baseYear < c.fiscalYear - 1
                  ? ` (projected from ${fiscalYearLabel(c.baseYear)} by the same rules)`
                  : ''}
                , rounded to the cent, summed.
              </p>
            )}
          </ScrollArea>
        </aside>
      </div>
      <ScrollArea label="Breakdown by work group">
        <table className="table table--compact">
          <caption className="table-caption">Breakdown by work group</caption>
          <TableHead
            cols={[
              'Work group',
              'COLA from',
              numCol('COLA %'),
              numCol('Employees'),
              numCol(`Payroll ${fiscalYearLabel(c.fiscalYear - 1)}`),
              numCol('COLA'),
              numCol('Steps and lanes'),
            ]}
          />
          <tbody>
            {c.breakdown.map((b, i) => (
              <tr key={`${b.workGroupId ?? 0}-${b.colaSource}-${i}`}>
                <th scope="row">{b.workGroupName ?? 'No work group'}</th>
                <td className="nowrap">
                  {SOURCE_LABELS[b.colaSource]}
                  {b.contractYear ? `, year ${b.contractYear}` : ''}
                </td>
                <td className="num">{formatPercentage(b.percentage)}</td>
                <td className="num">{b.employees}</td>
                <td className="num">{$(b.payroll)}</td>
                <td className="num">{$(b.amount)}</td>
                <td className="num">{$(b.stepsLanesAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  );
}
