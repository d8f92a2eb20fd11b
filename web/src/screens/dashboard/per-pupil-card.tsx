import type { FundChoice } from '@shared/schemas/fund-words';
import { usePerPupil } from '@web/api/nss';
import '@web/components/nss/nss.css';
import { formatMoney } from '@web/lib/format';
import { numCol, TableHead } from '@web/components/table-head';
import { CardPlaceholder, cardStatus } from '@web/components/charts/chart-card';

/**
 * Spending per pupil two ways, side by side and each labelled with how it is worked out:
 * over the year's own students entered under Enrollment (counted as the residents' page counts
 * them, server-side) and by DESE's method, over the year's foundation enrollment, by DESE's spending categories.
 */
export function PerPupilCard({
  scope,
}: {
  /** The dashboard's scope, with its fund choice: the budget over pupils follows it. */
  scope: { budgetYearId: number; fiscalYear: number; funds: FundChoice } | null;
}) {
  const perPupil = usePerPupil(scope);
  const data = perPupil.data;
  return (
    <section
      className="card per-pupil-card"
      aria-labelledby="dash-per-pupil-title"
      aria-busy={perPupil.isFetching}
    >
      <div className="chart-card__header">
        <h2 id="dash-per-pupil-title" className="chart-card__title">
          Spending per Pupil
        </h2>
      </div>
      <CardPlaceholder status={cardStatus(perPupil)} what="Spending per pupil" />
      {data ? (
        <>
          <div className="kpis kpis--two">
            {data.methods.map((m) => (
              <div className="kpi" key={m.method}>
                <span className="kpi__label">{m.label}</span>
                <span className="kpi__value money">
                  {m.perPupil === null ? '—' : formatMoney(m.perPupil)}
                </span>
                <span className="kpi__hint">{m.description}</span>
              </div>
            ))}
          </div>
          {data.byFunction.length ? (
            <div className="table-wrap" role="group" aria-label="Per pupil by function" tabIndex={0}>
              <table className="table table--compact">
                <caption className="table-caption">
                  Per pupil by DESE spending category (foundation enrollment)
                </caption>
                <TableHead cols={['Category', numCol('Budget'), numCol('Per pupil')]} />
                <tbody>
                  {data.byFunction.map((f) => (
                    <tr key={f.name}>
                      <th scope="row">{f.name}</th>
                      <td className="num">{formatMoney(f.amount)}</td>
                      <td className="num">{formatMoney(f.perPupil)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
