import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { fromCents } from '@shared/money';
import { NO_LINES_YET } from '@shared/budget-math';
import type { ScenarioLine, ScenarioSummary } from '@web/api/cut-scenarios';
import type { ScenarioPositionChange } from '@web/api/scenario-positions';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { useDistrictName } from '@web/api/budget-years';
import { formatDateTime, formatMoneyCents } from '@web/lib/format';
import { budgetYearLabel } from '@web/lib/budget-year-label';
import { PickedText } from './picked';
import { categoryTotals, gapLabel, lineLabel } from './scenario-math';
import './print.css';
import { TableHead } from '@web/components/table-head';

export interface PrintData {
  scenarioName: string;
  description: string | null;
  budgetYear: string;
  summary: ScenarioSummary;
  lines: readonly ScenarioLine[];
  /** The scenario's cuts and adds by position: the settled totals take them off. */
  positions: readonly ScenarioPositionChange[];
}

/** How many of the largest cuts the one-page summary lists. */
export const TOP_CUTS = 10;

const BODY_CLASS = 'scenario-printing';

/**
 * 'Cut' or 'Add', the position and where, what it saves or costs, and why the cut's order picked it
 * with its $0 warning, as the Scenario Builder's list says them (blank for an add).
 */
function PositionRow({ change: c }: { change: ScenarioPositionChange }) {
  const amount = c.amount === null ? (c.unpricedReason ?? 'Not priced') : formatMoneyCents(c.amount);
  return (
    <tr>
      <th scope="row">
        {c.kind === 'cut' ? 'Cut' : 'Add'} {c.title}, {c.building?.name ?? DISTRICT_WIDE}
      </th>
      <td>{c.fte.toLocaleString('en-US', { maximumFractionDigits: 3 })}</td>
      <td>{c.kind === 'cut' ? `Saves ${amount}` : `Costs ${amount}`}</td>
      <td className="print-table__picked">
        <PickedText change={c} />
      </td>
    </tr>
  );
}

/** The committee's one page: the figures, the cuts by category, by position and the largest cuts. */
function PrintPage({ data }: { data: PrintData }) {
  const { summary: s, lines, positions } = data;
  const districtName = useDistrictName();
  const categories = [...categoryTotals(lines)].filter(([, c]) => c.original !== 0n);
  const top = lines
    .filter((l) => l.cut > 0)
    .sort((a, b) => b.cut - a.cut)
    .slice(0, TOP_CUTS);
  const held = lines.filter((l) => l.floorPercent > 0).length;
  // Two figures a row, so the page keeps its room for the tables.
  const figures: [string, string][][] = [
    [
      ['Original total', formatMoneyCents(s.originalTotal)],
      ['Town goal', s.hasTownGoal ? formatMoneyCents(s.townGoal) : 'Not set'],
    ],
    [
      ['Total cuts', formatMoneyCents(s.totalCuts)],
      ['Adjusted total', formatMoneyCents(s.adjustedTotal)],
    ],
    [
      ['Gap', gapLabel(s.gap)],
      [
        'Meets the goal',
        s.lineCount === 0
          ? NO_LINES_YET
          : s.meetsGoal === null
            ? 'No town goal to meet'
            : s.meetsGoal
              ? 'Yes'
              : 'No',
      ],
    ],
    [
      [
        'Lines modified',
        `${s.itemsModified.toLocaleString('en-US')} of ${s.lineCount.toLocaleString('en-US')}`,
      ],
      ...(positions.length > 0
        ? [['Cuts and adds by position', formatMoneyCents(s.positionsNet)] as [string, string]]
        : []),
    ],
  ];
  return (
    <article className="print-page" aria-label="Printable scenario summary">
      <header className="print-page__header">
        <p className="print-page__district">{districtName}</p>
        <h1>Budget Scenario: {data.scenarioName}</h1>
        <p>
          {budgetYearLabel(data.budgetYear, s.fiscalYear)} · printed{' '}
          {formatDateTime(new Date().toISOString())}
        </p>
        {data.description ? <p>{data.description}</p> : null}
      </header>
      <table className="print-figures">
        <tbody>
          {figures.map((pairs) => (
            <tr key={pairs[0][0]}>
              {pairs.map(([label, value]) => [
                <th key={`${label}-l`} scope="row">
                  {label}
                </th>,
                <td key={`${label}-v`}>{value}</td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Cuts by category</h2>
      <table className="print-table">
        <TableHead cols={['Category', 'Original', 'Adjusted', 'Cut', 'Cut %']} />
        <tbody>
          {categories.map(([name, c]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{formatMoneyCents(fromCents(c.original))}</td>
              <td>{formatMoneyCents(fromCents(c.original - c.cut))}</td>
              <td>{formatMoneyCents(fromCents(c.cut))}</td>
              <td>{((Number(c.cut) / Number(c.original)) * 100).toFixed(1)}%</td>
            </tr>
          ))}
          {positions.length > 0 ? (
            <tr>
              <th scope="row">Cuts and adds by position</th>
              <td />
              <td>{formatMoneyCents(-s.positionsNet)}</td>
              <td>{formatMoneyCents(s.positionsNet)}</td>
              <td />
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatMoneyCents(s.originalTotal)}</td>
            <td>{formatMoneyCents(s.adjustedTotal)}</td>
            <td>{formatMoneyCents(s.totalCuts)}</td>
            <td>{s.originalTotal ? ((s.totalCuts / s.originalTotal) * 100).toFixed(1) : '0.0'}%</td>
          </tr>
        </tfoot>
      </table>
      {positions.length > 0 ? (
        <>
          <h2>Cuts and adds by position</h2>
          <table className="print-table">
            <TableHead
              cols={[
                'Position',
                'FTE',
                'Saves or costs',
                { label: 'Picked', className: 'print-table__picked' },
              ]}
            />
            <tbody>
              {positions.slice(0, TOP_CUTS).map((c) => (
                <PositionRow key={c.id} change={c} />
              ))}
            </tbody>
          </table>
          {positions.length > TOP_CUTS ? (
            <p>And {(positions.length - TOP_CUTS).toLocaleString('en-US')} more in the Scenario Builder.</p>
          ) : null}
        </>
      ) : null}
      <h2>Largest cuts</h2>
      {top.length === 0 ? (
        <p>No line is cut in this scenario.</p>
      ) : (
        <table className="print-table">
          <TableHead cols={['Line', 'Proposed', 'Kept', 'Cut']} />
          <tbody>
            {top.map((l) => (
              <tr key={l.id}>
                <th scope="row">{lineLabel(l)}</th>
                <td>{formatMoneyCents(l.fy26ProposedV3)}</td>
                <td>{l.percentKept}%</td>
                <td>{formatMoneyCents(l.cut)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <footer className="print-page__footer">
        {held > 0
          ? `${held.toLocaleString('en-US')} lines carry a floor (maintenance of effort or contracts). `
          : ''}
        Each line keeps its amount × percent kept, rounded to the cent; the gap is the general fund&apos;s
        adjusted total ({formatMoneyCents(s.goalTotal)}), the part the town&apos;s goal pays for, less the
        town goal.
      </footer>
    </article>
  );
}

/**
 * 'Print summary': puts the one-page summary in the document, hides everything else for print
 * (scenario.css) and opens the browser's print dialog; the page goes back when printing ends.
 */
export function PrintSummary({ data, onDone }: { data: PrintData | null; onDone(): void }) {
  useEffect(() => {
    if (!data) {
      return undefined;
    }
    document.body.classList.add(BODY_CLASS);
    const done = () => {
      document.body.classList.remove(BODY_CLASS);
      onDone();
    };
    window.addEventListener('afterprint', done, { once: true });
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove(BODY_CLASS);
    };
  }, [data, onDone]);
  if (!data) {
    return null;
  }
  return createPortal(
    <div className="scenario-print">
      <PrintPage data={data} />
    </div>,
    document.body,
  );
}
