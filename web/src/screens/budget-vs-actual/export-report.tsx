import { useQueryClient } from '@tanstack/react-query';
import { actualsFileName, actualsSheets } from '@server/lib/actuals-workbook';
import { fullActualsReportQuery, type ActualsReport } from '@web/api/actuals';
import { ExportButton } from '@web/components/export-button';

/**
 * 'Export to Excel' for the report: the screen holds no account, so the workbook's Accounts sheet
 * comes from the full report, read when someone exports.
 */
export function ExportReportButton({ report }: { report: ActualsReport }) {
  const queryClient = useQueryClient();
  return (
    <ExportButton
      fileName={actualsFileName(report)}
      sheets={async () =>
        actualsSheets(await queryClient.fetchQuery(fullActualsReportQuery(report.fiscalYear, report.by)))
      }
    />
  );
}
