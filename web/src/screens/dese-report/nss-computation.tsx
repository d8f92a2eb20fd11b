import type { DeseReport } from '@web/api/function-codes';
import { NssStatus } from '@web/components/nss/nss-gauge';
import { countOf, formatMoneyCents } from '@web/lib/format';

const pct = (v: number) => `${v.toFixed(2)}%`;

/** One labelled line of the computation; `sign` says how it enters the sum. */
function Line({
  label,
  value,
  sign,
  strong,
}: {
  label: string;
  value: string;
  sign?: string;
  strong?: boolean;
}) {
  return (
    <tr className={strong ? 'dese-nss__sum' : undefined}>
      <th scope="row">
        {sign ? <span className="dese-nss__sign">{sign} </span> : null}
        {label}
      </th>
      <td className="num">{value}</td>
    </tr>
  );
}

/**
 * The net school spending computation beneath the schedule, as DESE's compliance sheet works it:
 * the school committee budget, less what 603 CMR 10.06 leaves out, plus the town's counted
 * spending on the schools' behalf, against the requirement (the server's meter; nothing computed here).
 */
export function NssComputation({ report, fy }: { report: DeseReport; fy: string }) {
  const m = report.nss;
  const c = m.columns;
  // A code's line below is what the funds that count pay: what grants pay under it is in their
  // fund's line (the schedule above shows the code's whole budget, every fund).
  const paidBy = m.school.byFund.length ? ', paid by funds that count' : '';
  return (
    <section className="card dese-section" aria-labelledby="dese-nss-title">
      <h2 id="dese-nss-title" className="card__title">
        {fy} net school spending (Chapter 70)
      </h2>
      <div
        className="table-wrap"
        role="group"
        aria-label={`${fy} net school spending computation`}
        tabIndex={0}
      >
        <table className="table table--compact dese-nss" data-testid="dese-nss">
          <caption className="visually-hidden">{fy} net school spending computation</caption>
          <tbody>
            <Line label="School committee budget" value={formatMoneyCents(m.school.budgetTotal)} />
            {m.school.excluded.map((e) => (
              <Line
                key={e.code}
                sign="less"
                label={`${e.code} ${e.name}${paidBy} (${e.note})`}
                value={formatMoneyCents(e.amount)}
              />
            ))}
            {m.school.byFund.map((f) => (
              <Line
                key={`fund-${f.fundId}`}
                sign="less"
                label={`Fund ${f.code} ${f.name} (${countOf(f.lineCount, 'line')}), does not count toward NSS`}
                value={formatMoneyCents(f.amount)}
              />
            ))}
            {m.school.unmapped.amount !== 0 ? (
              <Line
                sign="less"
                label={`Lines of funds that count toward NSS without a function code (${m.school.unmapped.lineCount.toLocaleString('en-US')}), not counted`}
                value={formatMoneyCents(m.school.unmapped.amount)}
              />
            ) : null}
            <Line
              label="School committee spending counted"
              value={formatMoneyCents(m.school.counted)}
              strong
            />
            {m.municipal.lines
              .filter((l) => l.counts)
              .map((l) => (
                <Line
                  key={l.eoyrCode}
                  sign="plus"
                  label={`Town: ${l.eoyrCode} ${l.label}`}
                  value={formatMoneyCents(l.amount)}
                />
              ))}
            {c ? (
              <>
                <Line label="Budgeted net school spending" value={formatMoneyCents(c.budgetedNss)} strong />
                <Line label="Required net school spending" value={formatMoneyCents(c.requiredNss)} />
                {c.carriedIn ? (
                  <Line
                    sign="plus"
                    label="Prior year shortfall carried in"
                    value={formatMoneyCents(c.carriedIn)}
                  />
                ) : null}
                <Line label="Over/Under" value={formatMoneyCents(c.overUnder)} strong />
                <Line label="Percent of required" value={pct(c.percentOfRequired)} />
                <Line label="Foundation budget" value={formatMoneyCents(c.foundationBudget)} />
                <Line label="Percent of foundation" value={pct(c.percentOfFoundation)} />
              </>
            ) : null}
          </tbody>
        </table>
      </div>
      <NssStatus meter={m} />
      {m.warnings.map((w) => (
        <p key={w} className="nss-warning">
          {w}
        </p>
      ))}
    </section>
  );
}
