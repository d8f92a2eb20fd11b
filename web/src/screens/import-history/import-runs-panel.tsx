import { useImportRuns } from '@web/api/import';
import { useLedgerImports } from '@web/api/ledger';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/format';
import { useId, type CSSProperties } from 'react';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead } from '@web/components/table-head';
import { historyRows } from './history-rows';
import { UndoImport } from './undo-import';

const RECENT = 10;
// Inline, so this panel carries no style sheet of another screen.
const CELL: CSSProperties = { padding: 'var(--space-2) var(--space-3)' };
const NOWRAP: CSSProperties = { ...CELL, whiteSpace: 'nowrap' };
const FILE: CSSProperties = { ...NOWRAP, maxWidth: '18rem', overflow: 'hidden', textOverflow: 'ellipsis' };
const NOTE: CSSProperties = { display: 'block', color: 'var(--color-text-muted)' };
// The table's name, above its scrolling box: as a caption it was as wide as the table, and on a
// phone it ran on past the screen's edge.
const TITLE: CSSProperties = {
  margin: 0,
  padding: 'var(--space-3) var(--space-4)',
  fontWeight: 'var(--weight-semibold)',
};
const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

/**
 * Import History: the latest imports (who, when, file, type, version, and the counts, with the
 * projected lines each replaced), newest first: the payroll and budget files imported into the
 * budget year chosen in the header, and the ledgers (actuals) of every fiscal year, which belong to
 * no budget year and were listed nowhere else.
 */
export function ImportRunsPanel() {
  const canSee = useCan('import.run');
  const canSeeLedgers = useCan('budgetVsActual.read');
  const titleId = useId();
  const { selected } = useBudgetYear();
  const runs = useImportRuns({ budgetYearId: selected?.id, limit: RECENT }, canSee && Boolean(selected));
  const ledgers = useLedgerImports(undefined, canSee && canSeeLedgers && Boolean(selected));
  if (!canSee || !selected) {
    return null;
  }
  const list = historyRows(runs.data?.runs ?? [], ledgers.data?.imports ?? [], RECENT);
  const pending = runs.isPending || (canSeeLedgers && ledgers.isPending);
  const failed = runs.isError || ledgers.isError;
  return (
    <section
      className="card card--flush"
      aria-label="Recent imports"
      style={{ marginBottom: 'var(--space-4)' }}
    >
      {pending && !failed ? <Spinner label="Loading imports..." /> : null}
      {failed ? (
        <div style={{ padding: 'var(--space-4)' }}>
          <Alert title="Failed to load imports">Please reload the page to try again.</Alert>
        </div>
      ) : null}
      {!pending && !failed ? (
        <>
          <p id={titleId} style={TITLE}>
            Recent imports into {selected.fiscalYear}
            {canSeeLedgers ? ', and ledgers (actuals) of every fiscal year' : ''}
            {list.length === RECENT ? ` (latest ${RECENT})` : ''}
          </p>
          <ScrollArea label="Recent imports">
            <table className="table" aria-labelledby={titleId}>
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
                  'Undo',
                ]}
              />
              <tbody>
                {list.length === 0 ? (
                  <tr>
                    <td colSpan={10} className="muted">
                      No imports into {selected.fiscalYear} yet. Import a file from the Admin Panel&apos;s CSV
                      Import tab.
                    </td>
                  </tr>
                ) : null}
                {list.map((row) => (
                  <tr key={row.key}>
                    <td style={NOWRAP}>{formatDateTime(row.createdAt)}</td>
                    <td style={CELL}>{row.user ?? '—'}</td>
                    <td style={FILE} title={row.fileName}>
                      {row.fileName}
                    </td>
                    <td style={CELL}>
                      {row.kind}
                      <small style={NOTE}>{row.note}</small>
                    </td>
                    <td className="num" style={CELL}>
                      {count(row.rowCount)}
                    </td>
                    <td className="num" style={CELL}>
                      {count(row.importedCount)}
                    </td>
                    <td className="num" style={CELL} title={row.skippedTitle}>
                      {count(row.skippedCount)}
                    </td>
                    <td className="num" style={CELL}>
                      {count(row.reviewCount)}
                    </td>
                    <td className="num" style={CELL}>
                      {count(row.replacedProjectedCount)}
                    </td>
                    <td style={CELL}>
                      {row.run ? <UndoImport runId={row.run.id} undoneAt={row.run.undoneAt} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        </>
      ) : null}
    </section>
  );
}
