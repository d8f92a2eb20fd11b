import type { MultiYearProjection } from '@web/api/cola';
import { ChartCard } from '@web/components/charts/chart-card';
import { DataTable } from '@web/components/charts/data-table';
import { GroupedBarChart } from '@web/components/charts/grouped-bar-chart';
import { COLOR_BUDGET, COLOR_GOAL } from '@web/components/charts/palette';
import { BASE_LABELS } from '@web/components/form/base-choice';
import { formatMillions, formatMoneyCents, formatMoneyTicks } from '@web/lib/format';
import { fiscalYearLabel, fiscalYearsText } from '@shared/budget-math';
import type { TownFundingSource } from '@shared/schemas/cola-calc';
import { projectionSheet } from './calc-workbooks';
import { COLA_RULE } from './cola-format';
import { ExportButton } from '@web/components/export-button';
import { ColaSources } from './cola-sources';
import { HowCalculated } from './how-calculated';
import { NoSalaryNote } from './no-salary-note';
import { ScrollArea } from './scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

const $ = formatMoneyCents;
type Year = MultiYearProjection['projections'][number];

const FUNDING: Record<TownFundingSource, string> = {
  goal: 'the year’s town goal',
  carried: 'the latest earlier town goal, carried forward',
  input: 'the figure entered above',
  none: 'none known',
};

function Funding({ y }: { y: Year }) {
  if (y.townFunding === null) {
    return <span className="cola-muted">None</span>;
  }
  return (
    <>
      {$(y.townFunding)}
      {y.townFundingAssumed ? (
        <span
          className="badge badge--warning cola-assumed"
          title={`Assumed: ${FUNDING[y.townFundingSource]}`}
        >
          assumed
        </span>
      ) : null}
    </>
  );
}

/**
 * Which payroll each run of years grows: 'From the salaries of FY26 (495 active employees): FY27;
 * of FY27 (497): FY28 to FY31.' A year imported since moves the later years onto it.
 */
function startingPoints(years: Year[]): string {
  const runs: { baseYear: number; employees: number; first: number; last: number }[] = [];
  for (const y of years) {
    const run = runs.at(-1);
    if (run && run.baseYear === y.baseYear) {
      run.last = y.fiscalYear;
    } else {
      runs.push({ baseYear: y.baseYear, employees: y.employees, first: y.fiscalYear, last: y.fiscalYear });
    }
  }
  if (runs.length === 1) {
    return `From the salaries of ${fiscalYearLabel(runs[0].baseYear)}, ${runs[0].employees} active employees paid by the general fund.`;
  }
  return `${runs
    .map(
      (r) =>
        `${fiscalYearsText(r.first, r.last)} from the salaries of ${fiscalYearLabel(r.baseYear)} (${r.employees} active employees paid by the general fund)`,
    )
    .join('; ')}.`;
}

/** Which base the first year's baseline is, as the server says: 'Base: last year's actual spending (...)'. */
function baseText(data: MultiYearProjection): string {
  const what =
    data.baselineBasis === 'given'
      ? 'the baseline budget entered'
      : BASE_LABELS[data.baselineBasis].toLowerCase();
  return `Base: ${what} (${data.baselineSource}).`;
}

/** The projection as a table, a chart with its table view, and the working. */
/** A part of a year's need: marked '*' where the need is the year's own budget, which holds it. */
const part = (y: MultiYearProjection['projections'][number], value: number) =>
  y.needSource ? `${$(value)}*` : $(value);

export function ProjectionResult({
  data,
  scenarioName,
}: {
  data: MultiYearProjection;
  scenarioName: string;
}) {
  const years = data.projections;
  const labels = years.map((y) => fiscalYearLabel(y.fiscalYear));
  const lines = years.map((y, i) => {
    const baseline =
      i === 0
        ? `baseline ${$(y.baseline)} (${data.baselineSource})`
        : `baseline ${$(y.baseline)} (${fiscalYearLabel(years[i - 1].fiscalYear)}’s need)`;
    const need = y.needSource
      ? `${fiscalYearLabel(y.fiscalYear)}: district need ${$(y.districtNeed)}, its own ${y.needSource} (its COLA, steps and new hires are in it)`
      : `${fiscalYearLabel(y.fiscalYear)} (from the ${fiscalYearLabel(y.baseYear)} salaries): district need ${$(y.districtNeed)} = ${baseline} + COLA ${$(y.colaImpact)} + steps and lanes ${$(y.stepsLanes)} + new hires ${$(y.newHires)} + typed next-year salaries ${$(y.adjustments)}`;
    if (y.townFunding === null || y.gap === null) {
      return `${need}; no town funding known, so no gap.`;
    }
    return `${need}; gap ${$(y.gap)} = ${$(y.districtNeed)} − town funding ${$(y.townFunding)} (${FUNDING[y.townFundingSource]}${y.townFundingAssumed ? ', assumed' : ''})${y.rifRequired ? ': RIF required' : ''}.`;
  });
  return (
    <>
      <section className="card cola-result" aria-labelledby="proj-title">
        <h3 id="proj-title">
          {labels[0]} to {labels.at(-1)} · COLA scenario: {scenarioName}
        </h3>
        <p className="cola-muted">{baseText(data)}</p>
        <p className="cola-muted">{startingPoints(years)}</p>
        <NoSalaryNote count={data.employeesWithoutSalary} />
        <ScrollArea label="Multi-year projection">
          <table className="table table--compact proj-table">
            <caption className="visually-hidden">Multi-year projection</caption>
            <TableHead
              cols={[
                'Fiscal year',
                numCol('Baseline'),
                numCol('COLA'),
                numCol('Steps and lanes'),
                numCol('New hires'),
                numCol('Typed salaries'),
                numCol('District need'),
                numCol('Town funding'),
                numCol('Gap'),
                'RIF',
              ]}
            />
            <tbody>
              {years.map((y) => (
                <tr key={y.fiscalYear}>
                  <th scope="row">{fiscalYearLabel(y.fiscalYear)}</th>
                  {/* A year whose need is its own budget has no baseline added to: its row read as
                      baseline + COLA + ... = a need equal to the baseline. Its parts are marked as in it. */}
                  <td className="num">{y.needSource ? '—' : $(y.baseline)}</td>
                  <td className="num">{part(y, y.colaImpact)}</td>
                  <td className="num">{part(y, y.stepsLanes)}</td>
                  <td className="num">{part(y, y.newHires)}</td>
                  <td className="num">{part(y, y.adjustments)}</td>
                  <td className="num">{$(y.districtNeed)}</td>
                  <td className="num">
                    <Funding y={y} />
                  </td>
                  <td className="num">{y.gap === null ? '—' : $(y.gap)}</td>
                  <td>{y.rifRequired ? <span className="badge badge--danger">Required</span> : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
        {years.some((y) => y.needSource) ? (
          <p className="cola-muted">
            * In the need, not added to it:{' '}
            {years
              .filter((y) => y.needSource)
              .map((y) => `${fiscalYearLabel(y.fiscalYear)}’s need is its own ${y.needSource}`)
              .join('; ')}
            , whose COLA, steps and lanes, new hires and typed salaries are already in it.
          </p>
        ) : null}
        <ColaSources years={years} />
        <HowCalculated
          actions={
            <ExportButton
              sheets={() => [projectionSheet(data)]}
              fileName={`multi-year-${labels[0]}-${labels.at(-1)}.xlsx`}
            />
          }
          lines={lines}
          notes={
            <p>
              {COLA_RULE} Each year grows the salaries of the latest year before it with imported or entered
              payroll, as the RIF calculator and Generate Projections do; new hires (a salary of 0) start at
              what was entered for them, and a typed next-year salary replaces the rule’s. Town funding of a
              year is its town goal; without one, the latest earlier goal carried forward (marked assumed),
              else the figure entered above (assumed).
            </p>
          }
        />
      </section>
      <ChartCard
        title="District need and town funding"
        subtitle={`${labels[0]} to ${labels.at(-1)}`}
        chart={
          <GroupedBarChart
            label={`Bar chart of district need and town funding by fiscal year: ${years
              .map(
                (y) =>
                  `${fiscalYearLabel(y.fiscalYear)} need ${formatMillions(y.districtNeed)}, funding ${y.townFunding === null ? 'none' : formatMillions(y.townFunding)}`,
              )
              .join('; ')}`}
            categories={labels}
            tickLabels={formatMoneyTicks}
            series={[
              {
                name: 'District need',
                values: years.map((y) => y.districtNeed),
                color: COLOR_BUDGET,
                texts: years.map((y) => $(y.districtNeed)),
              },
              {
                name: 'Town funding',
                values: years.map((y) => y.townFunding ?? 0),
                color: COLOR_GOAL,
                texts: years.map((y) =>
                  y.townFunding === null
                    ? 'None'
                    : `${$(y.townFunding)}${y.townFundingAssumed ? ' (assumed)' : ''}`,
                ),
              },
            ]}
          />
        }
        table={
          <DataTable
            caption="District need, town funding and gap by fiscal year"
            rows={years}
            rowKey={(y) => String(y.fiscalYear)}
            columns={[
              { header: 'Fiscal year', value: (y) => fiscalYearLabel(y.fiscalYear) },
              { header: 'District need', value: (y) => $(y.districtNeed), numeric: true },
              { header: 'Town funding', value: (y) => <Funding y={y} />, numeric: true },
              { header: 'Gap', value: (y) => (y.gap === null ? '—' : $(y.gap)), numeric: true },
            ]}
          />
        }
      />
    </>
  );
}
