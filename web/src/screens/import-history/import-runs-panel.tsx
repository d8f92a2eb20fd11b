import { useImportRuns } from '@web/api/import';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/format';
import type { CSSProperties } from 'react';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';

const RECENT = 10;
// Inline, so this panel carries no style sheet of another screen.
const CELL: CSSProperties = { padding: 'var(--space-2) var(--space-3)' };
const NOWRAP: CSSProperties = { ...CELL, whiteSpace: 'nowrap' };
const FILE: CSSProperties = { ...NOWRAP, maxWidth: '18rem', overflow: 'hidden', textOverflow: 'ellipsis' };
const NOTE: CSSProperties = { display: 'block', color: 'var(--color-text-muted)' };
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Import History: the latest import runs into the budget year chosen in the header (who, when,
 * file, type, version, and the counts, with the projected lines each replaced), newest first.
 */
export function ImportRunsPanel() {
  const canSee = useCan('import.run');
  const { selected } = useBudgetYear();
  const runs = useImportRuns({ budgetYearId: selected?.id, limit: RECENT }, canSee && Boolean(selected));
  if (!canSee || !selected) {
    return null;
  }
  const list = runs.data?.runs ?? [];
  return (
    <section
      className="card card--flush"
      aria-label="Recent imports"
      style={{ marginBottom: 'var(--space-4)' }}
    >
      {runs.isPending ? <Spinner label="Loading imports..." /> : null}
      {runs.isError ? (
        <div style={{ padding: 'var(--space-4)' }}>
          <Alert title="Failed to load imports">Please reload the page to try again.</Alert>
        </div>
      ) : null}
      {runs.isSuccess ? (
        <ScrollArea label="Recent imports">
          <table className="table">
            <caption style={{ textAlign: 'left' }}>
              Recent imports into {selected.fiscalYear}
              {list.length === RECENT ? ` (latest ${RECENT})` : ''}
            </caption>
            <TableHead
              cellStyle={CELL}
              cols={[
                'When',
                'Who',
                'File',
                'Type and version',
                numCol('Rows'),
                numCol('Imported'),
                numCol('Skipped'),
                numCol('For review'),
                numCol('Projected replaced'),
              ]}
            />
            <tbody>
              {list.length === 0 ? (
                <tr>
                  <td colSpan={9} className="muted">
                    No imports into {selected.fiscalYear} yet. Import a file from the Admin Panel&apos;s CSV
                    Import tab.
                  </td>
                </tr>
              ) : null}
              {list.map((run) => (
                <tr key={run.id}>
                  <td style={NOWRAP}>{formatDateTime(run.createdAt)}</td>
                  <td style={CELL}>{run.user ?? '—'}</td>
                  <td style={FILE} title={run.fileName}>
                    {run.fileName}
                  </td>
                  <td style={CELL}>
                    {run.importType === 'operating' ? 'Operating (employees)' : 'Proposed (lines)'}
                    <small style={NOTE}>{run.versionLabel ?? 'No version'}</small>
                  </td>
                  <td className="num" style={CELL}>
                    {count(run.rowCount)}
                  </td>
                  <td className="num" style={CELL}>
                    {count(run.importedCount)}
                  </td>
                  <td className="num" style={CELL}>
                    {count(run.skippedCount)}
                  </td>
                  <td className="num" style={CELL}>
                    {count(run.warningCount)}
                  </td>
                  <td className="num" style={CELL}>
                    {count(run.replacedProjectedCount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
    </section>
  );
}
