import { useRecentAnalyses } from '@web/api/ai-analysis';
import { errorMessage } from '@web/api/client';
import { Button } from '@web/components/form/button';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { numCol, TableHead, unseen } from '@web/components/table-head';

interface RecentAnalysesProps {
  budgetYearId: number | null;
  openId: number | null;
  onOpen(id: number): void;
}

/** The budget year's last analyses; opening one reads the stored result (no call to Claude). */
export function RecentAnalyses({ budgetYearId, openId, onOpen }: RecentAnalysesProps) {
  const list = useRecentAnalyses(budgetYearId ?? undefined);
  const analyses = list.data?.analyses ?? [];
  return (
    <section className="card ai-recent" aria-labelledby="ai-recent-heading">
      <h2 id="ai-recent-heading">Recent analyses</h2>
      {list.isError ? (
        <p className="field__error">{errorMessage(list.error, 'Failed to load recent analyses')}</p>
      ) : budgetYearId === null ? (
        <p className="ai-muted">Select a budget year to see its analyses.</p>
      ) : list.isPending ? (
        <p className="ai-muted">Loading...</p>
      ) : analyses.length === 0 ? (
        <p className="ai-muted">None yet for this budget year.</p>
      ) : (
        <div className="table-wrap ai-recent__scroll">
          <table className="table">
            <TableHead
              cols={[
                'Run',
                'By',
                numCol('Target'),
                numCol('Suggested'),
                numCol('Kept / dropped'),
                unseen('Open'),
              ]}
            />
            <tbody>
              {analyses.map((a) => (
                <tr key={a.id} aria-current={a.id === openId ? 'true' : undefined}>
                  <td>{formatDateTime(a.createdAt)}</td>
                  <td>{a.createdBy ?? 'Deleted user'}</td>
                  <td className="num">{formatMoney(a.targetAmount)}</td>
                  <td className="num">{formatMoney(a.totalSavings)}</td>
                  <td className="num">
                    {a.suggestionCount} / {a.droppedCount}
                  </td>
                  <td className="actions">
                    <Button className="btn--small" disabled={a.id === openId} onClick={() => onOpen(a.id)}>
                      {a.id === openId ? 'Shown' : 'Open'}
                      <span className="visually-hidden"> the analysis of {formatDateTime(a.createdAt)}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
