import { useDownloadLedgerWorkbook, type LedgerReport } from '@web/api/ledger';
import { Button } from '@web/components/form/button';
import { useToast } from '@web/components/toast';

/**
 * 'Export to Excel' for the report: the screen holds a page of groups and no account, so the
 * workbook (every group, account and row set aside) is the server's, streamed to the browser.
 */
export function ExportReportButton({ report }: { report: LedgerReport }) {
  const save = useDownloadLedgerWorkbook();
  const notify = useToast();
  return (
    <Button
      className="btn--small"
      busy={save.isPending}
      busyLabel="Exporting..."
      onClick={() =>
        save.mutate(
          { fiscalYear: report.fiscalYear, by: report.by, fund: report.fund },
          { onError: () => notify({ variant: 'error', title: 'Failed to export the workbook' }) },
        )
      }
    >
      Export to Excel
    </Button>
  );
}
