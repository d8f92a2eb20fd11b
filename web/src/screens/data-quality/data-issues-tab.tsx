import type { GridApi } from 'ag-grid-community';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useNeedsReview, type EmployeeLineItem } from '@web/api/line-items';
import { Alert } from '@web/components/alert';
import { DataGrid } from '@web/components/data-grid/data-grid';
import { ExportToolbar } from '@web/components/data-grid/export-toolbar';
import { EmployeeEditor } from '@web/components/employee-editor';
import { dataIssueColumns } from '@web/screens/data-quality/columns';
import { FlashBanner } from '@web/screens/data-quality/flash-banner';
import { useFlash } from '@web/screens/data-quality/use-flash';

/** Records an import flagged for review; saving one from the editor clears its flag. */
export function DataIssuesTab({ budgetYearId }: { budgetYearId: number | undefined }) {
  const issues = useNeedsReview(budgetYearId);
  const [editing, setEditing] = useState<EmployeeLineItem | null>(null);
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
        </span>
        <ExportToolbar
          apiRef={apiRef}
          fileName="data-issues"
          sheetName="Data Issues"
          disabled={!rows?.length}
        />
      </div>
      <DataGrid<EmployeeLineItem>
        label="Records needing review"
        rows={rows}
        columns={columns}
        loading={issues.isPending && Boolean(budgetYearId)}
        emptyText="No records need review"
        apiRef={apiRef}
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
