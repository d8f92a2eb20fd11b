import type { PublicYearData } from '@shared/schemas/public-dashboard';
import { numCol, TableHead } from '@web/components/table-head';
import { formatMoney } from '@web/lib/format';

/** The budget per student beside the gap: by enrollment, by the state's method, and by state category. */
export function PerPupil({ data }: { data: PublicYearData }) {
  const dese = data.perPupilDese ?? null;
  if (!data.perPupil && !dese) {
    return null;
  }
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

function PerPupilTotals({ data }: { data: PublicYearData }) {
  const dese = data.perPupilDese ?? null;
  return (
    <div className="kpis pub-per-pupil">
      {data.perPupil ? (
        <>
          <div className="kpi">
            <span className="kpi__label">Students enrolled</span>
            <span className="kpi__value num">{data.perPupil.enrollment.toLocaleString('en-US')}</span>
          </div>
          <div className="kpi">
            <span className="kpi__label">Spending per student</span>
            <span className="kpi__value money">{formatMoney(data.perPupil.total)}</span>
            <span className="kpi__hint">Budget ÷ students enrolled in the district’s schools</span>
          </div>
        </>
      ) : null}
      {dese ? (
        <div className="kpi">
          <span className="kpi__label">Per pupil, state (DESE) method</span>
          <span className="kpi__value money">{formatMoney(dese.total)}</span>
          <span className="kpi__hint">
            Budget ÷ {dese.foundationEnrollment.toLocaleString('en-US')} foundation enrollment, the state’s
            count
          </span>
        </div>
      ) : null}
    </div>
  );
}
