import { useState } from 'react';
import type { DuplicateCandidate } from '@web/api/line-items';
import { DISTRICT_WIDE, formatIsoDate } from '@web/components/data-grid/column-types';
import { employeeName } from '@web/components/employee-cells';
import { formatMoneyCents } from '@web/lib/format';
import { SourceBadge } from '@web/screens/data-quality/source-badge';
import { numCol, TableHead } from '@web/components/table-head';

/** Match scores: 80 and above red, 60 and above orange, otherwise yellow. */
export function scoreClass(score: number): string {
  if (score >= 80) {
    return 'badge--score-high';
  }
  return score >= 60 ? 'badge--score-medium' : 'badge--score-low';
}

interface DuplicateGroupProps {
  group: DuplicateCandidate[];
  index: number;
  busy: boolean;
  onMerge(keep: DuplicateCandidate, remove: DuplicateCandidate[]): void;
  onDismiss(group: DuplicateCandidate[]): void;
}

/** One group of likely duplicates: choose the record to keep, then merge, or dismiss the group. */
export function DuplicateGroup({ group, index, busy, onMerge, onDismiss }: DuplicateGroupProps) {
  const [keepId, setKeepId] = useState(group[0]?.id);
  const score = Math.max(...group.map((c) => c.similarityScore));
  const keep = group.find((c) => c.id === keepId) ?? group[0];
  const headingId = `duplicate-group-${index}`;

  return (
    <article className="duplicate-group" aria-labelledby={headingId}>
      <div className="duplicate-group__header">
        <h3 id={headingId}>
          {employeeName(group[0])} <span className="muted">· {group.length} records</span>
        </h3>
        <span className={`badge ${scoreClass(score)}`}>Match score {score}%</span>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">
            Records that may be the same person; choose the one to keep
          </caption>
          <TableHead
            cols={[
              'Keep',
              'Name',
              'Source',
              'FY',
              'Position',
              'Building',
              { label: 'Current Salary', className: 'money' },
              numCol('FTE'),
              'Hire Date',
              'Why it matches',
            ]}
          />
          <tbody>
            {group.map((c) => (
              <tr key={c.id}>
                <td>
                  <input
                    type="radio"
                    name={`keep-${index}`}
                    checked={c.id === keep.id}
                    onChange={() => setKeepId(c.id)}
                    aria-label={`Keep ${employeeName(c)} (record ${c.id})`}
                  />
                </td>
                <th scope="row">{employeeName(c)}</th>
                <td>
                  <SourceBadge source={c.source} importRun={c.importRun} />
                </td>
                <td>FY{String(c.fiscalYear).slice(-2)}</td>
                <td>{c.position ?? ''}</td>
                <td>{c.building?.name ?? DISTRICT_WIDE}</td>
                <td className="money">{formatMoneyCents(c.currentSalary)}</td>
                <td className="num">{c.currentFTE ?? ''}</td>
                <td>{formatIsoDate(c.hireDate)}</td>
                <td>
                  <ul className="factor-list" aria-label="Similarity factors">
                    <li>
                      <span className={`badge ${scoreClass(c.similarityScore)}`}>{c.similarityScore}%</span>
                    </li>
                    {c.similarityFactors.map((f) => (
                      <li key={f}>
                        <span className="badge badge--neutral">{f}</span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={busy}
          onClick={() => onDismiss(group)}
        >
          Dismiss
        </button>
        <button
          type="button"
          className="btn btn--danger btn--small"
          disabled={busy}
          onClick={() =>
            onMerge(
              keep,
              group.filter((c) => c.id !== keep.id),
            )
          }
        >
          Merge (keep {employeeName(keep)})
        </button>
      </div>
    </article>
  );
}
