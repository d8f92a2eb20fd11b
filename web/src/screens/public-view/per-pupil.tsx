import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { perPupilMissing } from '@shared/gap-words';
import { numCol, TableHead } from '@web/components/table-head';
import { formatMoney } from '@web/lib/format';
import { fyLabel } from './figures';

/** The budget per student beside the gap: by enrollment, by the state's method, and by state category. */
export function PerPupil({ data }: { data: PublicYearData }) {
  const dese = data.perPupilDese ?? null;
  return (
    <>
      <PerPupilTotals data={data} />
      {dese?.byCategory?.length ? (
        <div className="table-wrap" role="group" aria-label="Per pupil by state category" tabIndex={0}>
          <table className="table table--compact">
            <caption className="table-caption">
              Per pupil by the state&apos;s (DESE) spending categories: each category ÷{' '}
              {dese.foundationEnrollment.toLocaleString('en-US')} foundation enrollment
            </caption>
            <TableHead cols={['State category', numCol('Per pupil')]} />
            <tbody>
              {dese.byCategory.map((c) => (
                <tr key={c.name}>
                  <th scope="row">{c.name}</th>
                  <td className="num">{formatMoney(c.perPupil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function Kpi({
  label,
  value,
  hint,
  money = true,
}: {
  label: string;
  value: string;
  hint?: string;
  money?: boolean;
}) {
  return (
    <div className="kpi">
      <span className="kpi__label">{label}</span>
      <span className={`kpi__value ${money ? 'money' : 'num'}`}>{value}</span>
      {hint ? <span className="kpi__hint">{hint}</span> : null}
    </div>
  );
}

/**
 * Both ways of counting; a way the year has no figures for (no enrollment of its own, no state
 * figures) says so, as the server's plain HTML does, rather than leaving one year a card short.
 */
function PerPupilTotals({ data }: { data: PublicYearData }) {
  const dese = data.perPupilDese;
  const missing = perPupilMissing(fyLabel(data.fiscalYear));
  return (
    <div className="kpis pub-per-pupil">
      {data.perPupil ? (
        <>
          <Kpi
            label="Students enrolled"
            value={data.perPupil.enrollment.toLocaleString('en-US')}
            money={false}
          />
          <Kpi
            label="Spending per student"
            value={formatMoney(data.perPupil.total)}
            hint="Budget ÷ students enrolled in the district’s schools"
          />
        </>
      ) : (
        <Kpi label="Spending per student" value="Not available" hint={missing.enrollment} money={false} />
      )}
      {dese ? (
        <Kpi
          label="Per pupil, state (DESE) method"
          value={formatMoney(dese.total)}
          hint={`Budget ÷ ${dese.foundationEnrollment.toLocaleString('en-US')} foundation enrollment, the state’s count`}
        />
      ) : // A snapshot from before the state's method was published has no such figure to miss.
      dese === null ? (
        <Kpi
          label="Per pupil, state (DESE) method"
          value="Not available"
          hint={missing.state}
          money={false}
        />
      ) : null}
    </div>
  );
}
