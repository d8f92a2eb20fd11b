import { useMemo } from 'react';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { LEDGER_MAX_BYTES, LEDGER_MAX_MB, LEDGER_MAX_ROWS } from '@shared/schemas/ledger-import';
import { ApiError } from '@web/api/client';
import {
  useAnalyzeLedger,
  useExecuteLedger,
  type LedgerAnalysis,
  type LedgerExecuteRequest,
  type LedgerImportResult,
} from '@web/api/ledger';
import { Alert } from '@web/components/alert';
import { toColumnMappings } from '../mapping';
import type { WizardKind } from '../wizard-kind';
import {
  LedgerSettingsFields,
  ledgerSettingsProblem,
  periodColumnMapped,
  type LedgerSettings,
} from './ledger-settings';
import { LedgerReconciliation, LedgerRowsTable, ledgerSentence } from './ledger-tables';
import { useLedgerYearProblem } from './ledger-years';

const count = (n: number) => n.toLocaleString('en-US');
const rows = LEDGER_MAX_ROWS.toLocaleString('en-US');
const SET_ASIDE = 'Rows set aside, skipped or with warnings';

/** 409: the year holds a later period; the user may still mean to replace it (a correction). */
function ReplaceLaterOption({
  error,
  value,
  onChange,
}: {
  error: unknown;
  value: Partial<LedgerExecuteRequest>;
  onChange(value: Partial<LedgerExecuteRequest>): void;
}) {
  // Another import running is a 409 too: that one is only waited for.
  const laterPeriod =
    error instanceof ApiError &&
    error.status === 409 &&
    !error.message.startsWith('Another ledger import is running');
  if (!laterPeriod && !value.replaceLaterPeriod) {
    return null;
  }
  return (
    <label className="imp-check">
      <input
        type="checkbox"
        checked={Boolean(value.replaceLaterPeriod)}
        onChange={(e) => onChange(e.target.checked ? { replaceLaterPeriod: true } : {})}
      />{' '}
      Replace the later period&apos;s ledger with this one (a correction)
    </label>
  );
}

/**
 * The ledger (actuals) import, for Budget vs Actual: the fiscal year, period and account pattern
 * beside the mapping; a dry run reconciled to the file's totals per amount column. Ledger rows are
 * kept apart from budget lines, and a later period of the same year replaces the earlier one.
 */
export const LEDGER_KIND: WizardKind<
  LedgerAnalysis,
  LedgerSettings,
  LedgerExecuteRequest,
  LedgerImportResult
> = {
  title: 'Import a ledger (actuals)',
  initialSettings: { fiscalYear: null, period: '', accountPattern: '' },
  fromAnalysis: (a) => ({
    fiscalYear: a.detectedFiscalYear,
    period: a.detectedPeriod === null ? '' : String(a.detectedPeriod),
    accountPattern: a.accountPattern,
  }),
  useAnalyze: useAnalyzeLedger,
  useExecute: useExecuteLedger,
  useBody: function useLedgerBody(analysis, mapping, settings) {
    return useMemo(() => {
      if (!analysis || settings.fiscalYear === null) {
        return null;
      }
      const pattern = settings.accountPattern.trim();
      return {
        fileName: analysis.fileName,
        columnMappings: toColumnMappings(mapping),
        fiscalYear: settings.fiscalYear,
        ...(periodColumnMapped(mapping) ? {} : { period: Number(settings.period.trim()) }),
        // Sent only when changed: a real import saves the pattern it is given as the district's.
        ...(pattern && pattern !== analysis.accountPattern ? { accountPattern: pattern } : {}),
      };
    }, [analysis, mapping, settings]);
  },
  upload: {
    intro: (
      <>
        The general ledger&apos;s year-to-date budget report (MUNIS &quot;Year-to-Date Budget Report&quot; or
        any export with one row per account): account number, description, original appropriation, transfers,
        revised budget, expended, encumbrances and the period. Ledger rows are kept apart from budget lines;
        importing a later period of the same year replaces the earlier one.
      </>
    ),
    fileLabel: 'Ledger file',
    dropTitle: 'Choose a ledger file or drop it here',
    dropHint: `CSV, Excel (.xlsx) or legacy Excel (.xls), up to ${rows} rows and ${LEDGER_MAX_MB} MB.`,
    tooLarge: (bytes) =>
      bytes > LEDGER_MAX_BYTES
        ? `The file is larger than ${LEDGER_MAX_MB} MB: a ledger import takes at most ${rows} rows and ${LEDGER_MAX_MB} MB`
        : undefined,
  },
  map: {
    caption: "Map the ledger file's columns to fields",
    showConfidence: false,
    repeatAdds: false,
    Settings: LedgerSettingsFields,
    problem: ledgerSettingsProblem,
    useProblem: useLedgerYearProblem,
  },
  preview: {
    intro: (body) => (
      <>
        Importing into <span className="imp-ledger-year">{fiscalYearLabel(body.fiscalYear)}</span>
        {body.period ? `, period ${body.period}` : ', at the period the file names'}. The ledger replaces any
        earlier period of that year, in one step.
      </>
    ),
    checking: 'Checking every row of the ledger...',
    noun: 'Accounts',
    refusedTitle: 'This ledger cannot be imported as mapped',
    refuses: () => true,
    imported: (dry) => dry.imported,
    summary: (dry) => ({
      variant: dry.setAsideCount || dry.warningCount || !dry.reconciliation.balanced ? 'info' : 'success',
      title: dry.reconciliation.balanced ? 'Ready to import' : 'The file does not reconcile',
      text: ledgerSentence(dry),
    }),
    Options: ReplaceLaterOption,
    Details: ({ result: dry }) => (
      <>
        {dry.encodingNotice ? (
          <Alert variant="info" title="Not all of the file is UTF-8 text">
            {dry.encodingNotice}
          </Alert>
        ) : null}
        <LedgerReconciliation r={dry} dryRun />
        <LedgerRowsTable rows={dry.rows} caption={SET_ASIDE} />
        <LedgerRowsTable rows={dry.preview} caption="First rows as they will be stored" />
      </>
    ),
  },
  complete: {
    Result: ({ result, fileName }) => (
      <>
        <Alert variant={result.reconciliation.balanced ? 'success' : 'info'} title="Ledger imported">
          {fileName}: {ledgerSentence(result)}
        </Alert>
        <dl className="imp-stats">
          {[
            ['Accounts imported', count(result.imported)],
            ['Set aside', count(result.setAsideCount)],
            ['With warnings', count(result.warningCount)],
            ['Period', result.period],
          ].map(([label, value]) => (
            <div key={label} className="imp-stat">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <LedgerReconciliation r={result} dryRun={false} />
        <LedgerRowsTable rows={result.rows} caption={SET_ASIDE} />
      </>
    ),
    links: () => [{ to: '/budget-vs-actual', label: 'Open Budget vs Actual' }],
  },
};
