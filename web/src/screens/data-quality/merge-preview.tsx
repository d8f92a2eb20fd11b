import type { MergeByRuleResult } from '@web/api/duplicates';
import { SummaryCards } from '@web/components/summary-cards';
import { countOf } from '@web/lib/format';
import { SourceBadge } from '@web/screens/data-quality/source-badge';
import type { RuleRecord } from '@shared/schemas/duplicates';
import { TableHead } from '@web/components/table-head';

// The app's one pluralising rule.
const plural = countOf;

/** 'Last, First' and where the record came from. */
function RecordCell({ record }: { record: RuleRecord }) {
  const name = [record.lastName, record.firstName].filter(Boolean).join(', ') || `Record ${record.id}`;
  return (
    <div className="dq-record">
      <span>
        {name} <span className="muted">#{record.id}</span>
      </span>
      <SourceBadge source={record.source} importRun={record.importRun} />
    </div>
  );
}

/** The skipped groups' reasons, most frequent first. */
function reasonCounts(result: MergeByRuleResult): [string, number][] {
  const counts = new Map<string, number>();
  for (const s of result.skipped) {
    counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** What a merge by rule would do: counts, the groups it merges, and the ones it leaves with why. */
export function MergePreview({ result }: { result: MergeByRuleResult }) {
  const reasons = reasonCounts(result);
  return (
    <div className="dq-preview">
      <SummaryCards
        label="Merge preview"
        cards={[
          {
            label: 'Groups merged',
            value: result.mergedGroupCount.toLocaleString('en-US'),
            note: `of ${plural(result.groupCount, 'group')}`,
          },
          { label: 'Records removed', value: result.removedRecordCount.toLocaleString('en-US') },
          { label: 'Groups skipped', value: result.skippedGroupCount.toLocaleString('en-US') },
        ]}
      />
      {reasons.length ? (
        <div>
          <h4>Skipped: the rule cannot decide</h4>
          <ul className="dq-reasons">
            {reasons.map(([reason, n]) => (
              <li key={reason}>
                {reason} — {plural(n, 'group')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.merges.length ? (
        <div className="table-wrap dq-preview__table">
          <table className="table">
            <caption>Planned merges</caption>
            <TableHead cols={['FY', 'Keep', 'Remove']} />
            <tbody>
              {result.merges.map((m) => (
                <tr key={m.keepId}>
                  <td>FY{String(m.fiscalYear).slice(-2)}</td>
                  <td>
                    <RecordCell record={m.records[0]} />
                  </td>
                  <td>
                    {m.records.slice(1).map((r) => (
                      <RecordCell key={r.id} record={r} />
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">The rule decides none of the groups: nothing would be merged.</p>
      )}
      {result.skipped.length ? (
        <details className="dq-skipped">
          <summary>Skipped groups ({result.skipped.length.toLocaleString('en-US')})</summary>
          <div className="table-wrap dq-preview__table">
            <table className="table">
              <caption className="visually-hidden">Groups the rule leaves alone, with the reason</caption>
              <TableHead cols={['FY', 'Records', 'Reason']} />
              <tbody>
                {result.skipped.map((s) => (
                  <tr key={s.ids.join('-')}>
                    <td>FY{String(s.fiscalYear).slice(-2)}</td>
                    <td>
                      {s.records.map((r) => (
                        <RecordCell key={r.id} record={r} />
                      ))}
                    </td>
                    <td>{s.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}
