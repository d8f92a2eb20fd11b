import type { GridApi } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useNeedsReview, type EmployeeLineItem } from '@web/api/line-items';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { DataGrid } from '@web/components/data-grid/data-grid';
import { ExportToolbar } from '@web/components/data-grid/export-toolbar';
import { EmployeeEditor } from '@web/components/employee-editor';
import { dataIssueColumns } from '@web/screens/data-quality/columns';
import { FlashBanner } from '@web/screens/data-quality/flash-banner';
import { MarkReviewedDialog } from '@web/screens/data-quality/mark-reviewed-dialog';
import { useFlash } from '@web/screens/data-quality/use-flash';

/**
 * Records flagged for review. Saving one from the editor clears its flag; a flag whose cause is
 * fixed (a work group given, say) clears itself anywhere; several selected records can be marked
 * reviewed at once with a note saying what was checked.
 */
export function DataIssuesTab({ budgetYearId }: { budgetYearId: number | undefined }) {
  const issues = useNeedsReview(budgetYearId);
  const [editing, setEditing] = useState<EmployeeLineItem | null>(null);
  const [selected, setSelected] = useState<EmployeeLineItem[]>([]);
  const [marking, setMarking] = useState(false);
  const { flash, success } = useFlash();
  const apiRef = useRef<GridApi<EmployeeLineItem> | null>(null);
  const columns = useMemo(() => dataIssueColumns(setEditing), []);
  const rows = issues.data?.lineItems;

  return (
    <div>
      <FlashBanner flash={flash} />
      {issues.isError ? (
        <Alert title="Failed to load records needing review">
          {errorMessage(issues.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      <div className="grid-toolbar">
        <span className="grid-toolbar__meta" aria-live="polite">
          {rows
            ? `${rows.length.toLocaleString('en-US')} record${rows.length === 1 ? '' : 's'} need review`
            : 'Loading records...'}
          {selected.length ? ` · ${selected.length.toLocaleString('en-US')} selected` : null}
        </span>
        <div className="grid-toolbar__actions">
          <Button
            variant="primary"
            className="btn--small"
            disabled={!selected.length}
            onClick={() => setMarking(true)}
          >
            Mark Reviewed
          </Button>
          <ExportToolbar
            apiRef={apiRef}
            fileName="data-issues"
            sheetName="Data Issues"
            disabled={!rows?.length}
          />
        </div>
      </div>
      <DataGrid<EmployeeLineItem>
        label="Records needing review"
        gridId="data-issues"
        rows={rows}
        columns={columns}
        loading={issues.isPending && Boolean(budgetYearId)}
        emptyText="No records need review"
        apiRef={apiRef}
        selectable
        onSelectionChange={setSelected}
      />
      <MarkReviewedDialog
        open={marking}
        onOpenChange={setMarking}
        itemIds={selected.map((l) => l.id)}
        onDone={({ reviewed, notFlagged }) => {
          setMarking(false);
          apiRef.current?.deselectAll();
          setSelected([]);
          success(
            `Marked ${reviewed.toLocaleString('en-US')} record${reviewed === 1 ? '' : 's'} reviewed` +
              (notFlagged ? ` (${notFlagged.toLocaleString('en-US')} were no longer flagged)` : ''),
          );
        }}
      />
      <EmployeeEditor
        line={editing}
        review
        failureTitle="✗ Failed to save"
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          success('Record updated!');
        }}
      />
    </div>
  );
}
