import type { ColaCalculation } from '@web/api/cola';
import { Alert } from '@web/components/alert';
import { formatMoneyCents, formatPercentage } from '@web/lib/format';
import { colaSheet } from './calc-workbooks';
import { colaSourceInline } from '@web/lib/cola-source';
import { fiscalYearLabel } from '@shared/budget-math';
import { COLA_RULE } from './cola-format';
import { ExportButton } from '@web/components/export-button';
import { HowCalculated } from './how-calculated';
import { NoSalaryNote } from './no-salary-note';
import { ScrollArea } from './scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

const $ = formatMoneyCents;

/** The result of POST /cola/calculate: payroll year by year, its increases, and each work group's. */
export function ColaImpact({ result, scenarioName }: { result: ColaCalculation; scenarioName: string }) {
  const base = fiscalYearLabel(result.baseYear);
  const lastYear = result.years.at(-1);
  // A work group moved at 0% in a year for want of a contract, scenario or long-term assumption.
  const zero = result.years
    .map((y) => ({
      year: fiscalYearLabel(y.fiscalYear),
      groups: result.byWorkGroup
        .filter(
          (g) =>
            g.workGroupId !== null &&
            g.years.some((x) => x.fiscalYear === y.fiscalYear && x.colaSource === 'NONE'),
        )
        .map((g) => g.workGroup ?? `work group ${g.workGroupId}`),
    }))
    .filter((z) => z.groups.length > 0);
  return (
    <section className="card cola-result" aria-labelledby="cola-impact-title">
      <h3 id="cola-impact-title">COLA impact of {scenarioName}</h3>
      <div className="kpis">
        <div className="kpi">
          <span className="kpi__label">Baseline payroll {base}</span>
          <span className="kpi__value money">{$(result.grandTotal)}</span>
        </div>
        {lastYear ? (
          <div className="kpi">
            <span className="kpi__label">Payroll {fiscalYearLabel(lastYear.fiscalYear)}</span>
            <span className="kpi__value money">{$(lastYear.amount)}</span>
          </div>
        ) : null}
        <div className="kpi">
          <span className="kpi__label">Total increase</span>
          <span className="kpi__value money">{$(result.totalIncrease)}</span>
        </div>
      </div>
      {zero.length ? (
        <Alert variant="info" title="Some years assume 0% COLA">
          <ul>
            {zero.map((z) => (
              <li key={z.year}>
                {z.year} assumes 0% COLA for {z.groups.join(', ')}: no contract, COLA scenario setting or
                long-term COLA assumption covers {z.year}.
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <NoSalaryNote count={result.employeesWithoutSalary} />
      <ScrollArea label="Payroll year by year">
        <table className="table table--compact">
          <caption className="table-caption">
            Payroll of {result.employees} active employees, year by year
          </caption>
          <TableHead
            cols={[
              'Fiscal year',
              numCol('Payroll'),
              numCol('COLA'),
              numCol('Steps and lanes'),
              numCol('Increase'),
            ]}
          />
          <tbody>
            <tr>
              <th scope="row">{base} (base)</th>
              <td className="num">{$(result.grandTotal)}</td>
              <td className="num">—</td>
              <td className="num">—</td>
              <td className="num">—</td>
            </tr>
            {result.years.map((y) => (
              <tr key={y.fiscalYear}>
                <th scope="row">{fiscalYearLabel(y.fiscalYear)}</th>
                <td className="num">{$(y.amount)}</td>
                <td className="num">{$(y.colaIncrease)}</td>
                <td className="num">{$(y.stepsLanesIncrease)}</td>
                <td className="num">{$(y.increase)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <ScrollArea label="COLA by work group">
        <table className="table table--compact">
          <caption className="table-caption">By work group: COLA applied and payroll</caption>
          <TableHead
            cols={[
              'Work group',
              // The group's Active employees walked from the base year: a count of one work group
              // (Teachers), not the dashboard's teachers by title nor Salary Verification's band.
              numCol(`Active employees ${base}`),
              numCol(`${base} payroll`),
              ...result.years.map((y) => numCol(fiscalYearLabel(y.fiscalYear))),
            ]}
          />
          <tbody>
            {result.byWorkGroup.map((g) => (
              <tr key={g.workGroupId ?? 0}>
                <th scope="row">
                  {g.workGroup ?? 'No work group'}
                  {g.category ? <span className="cola-muted"> · {g.category}</span> : null}
                </th>
                <td className="num">{g.employees}</td>
                <td className="num">{$(g.baseline)}</td>
                {g.years.map((y) => (
                  <td key={y.fiscalYear} className="num">
                    {$(y.amount)}
                    <span className="cola-cell-note">
                      {formatPercentage(y.colaPercentage)} {colaSourceInline(y.colaSource)}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <HowCalculated
        actions={
          <ExportButton
            sheets={() => [colaSheet(result, scenarioName)]}
            fileName={`cola-impact-${scenarioName || 'scenario'}.xlsx`}
          />
        }
        lines={[
          ...result.years.map((y, i) => {
            const prev = i === 0 ? result.grandTotal : result.years[i - 1].amount;
            const prevLabel = i === 0 ? base : fiscalYearLabel(result.years[i - 1].fiscalYear);
            return `${fiscalYearLabel(y.fiscalYear)} payroll ${$(y.amount)} = ${prevLabel} payroll ${$(prev)} + COLA ${$(y.colaIncrease)} + steps and lanes ${$(y.stepsLanesIncrease)}`;
          }),
          lastYear
            ? `Total increase ${$(result.totalIncrease)} = ${fiscalYearLabel(lastYear.fiscalYear)} payroll ${$(lastYear.amount)} − ${base} payroll ${$(result.grandTotal)}`
            : `Total increase ${$(result.totalIncrease)}`,
        ]}
        notes={
          <p>
            {COLA_RULE} Steps and lanes: an employee placed on a salary schedule moves one step a year at that
            year’s schedule amount times their FTE; others get the budget settings’ pooled step-and-lane
            percent.
          </p>
        }
      />
    </section>
  );
}
