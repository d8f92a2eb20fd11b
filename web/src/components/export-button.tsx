import { useState } from 'react';
import { Button } from '@web/components/form/button';
import { useToast } from '@web/components/toast';
import { saveWorkbook, type SheetSpec } from '@web/lib/workbook';

/**
 * 'Export to Excel': a workbook whose cells hold the formulas behind the figures on screen. The
 * sheets may be fetched when someone exports (a screen need not hold every row it can export).
 */
export function ExportButton({
  sheets,
  fileName,
}: {
  sheets: () => SheetSpec[] | Promise<SheetSpec[]>;
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  const notify = useToast();
  const run = async () => {
    setBusy(true);
    try {
      await saveWorkbook(await sheets(), fileName.replace(/[^\w.-]+/g, '-'));
    } catch {
      notify({ variant: 'error', title: 'Failed to export the workbook' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className="btn--small" busy={busy} busyLabel="Exporting..." onClick={() => void run()}>
      Export to Excel
    </Button>
  );
}
