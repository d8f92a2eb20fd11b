import { useState } from 'react';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { ImportWizard } from '@web/screens/admin/import/import-wizard';
import { TypeChoice, type ImportChoice } from '@web/screens/admin/import/type-choice';
import '@web/screens/admin/import/import-wizard.css';
import '@web/screens/admin/import/import-tables.css';

/** The Admin Panel's CSV Import tab: choose operating, proposed or ledger, then its four-step wizard. */
export function ImportTab() {
  const canImport = useCan('import.run');
  const [importType, setImportType] = useState<ImportChoice | null>(null);
  if (!canImport) {
    return <Alert>You don&apos;t have permission to import files.</Alert>;
  }
  if (importType) {
    return <ImportWizard key={importType} kind={importType} onCancel={() => setImportType(null)} />;
  }
  return (
    <div className="imp">
      <p className="imp-intro">
        Bring in a payroll export, position roster, budget workbook or ledger export as it comes from your
        systems: CSV, Excel (.xlsx) or legacy Excel (.xls). Nothing is saved until you confirm the column
        mapping and the preview, and an import lands completely or not at all.
      </p>
      <TypeChoice value={importType} onChange={setImportType} />
    </div>
  );
}
