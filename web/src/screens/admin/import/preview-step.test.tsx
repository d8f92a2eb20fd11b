// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportAnalysis, ImportResult } from '@web/api/import';
import type { LedgerAnalysis } from '@web/api/ledger';
import { LEDGER_KIND } from '@web/screens/admin/import/kinds/ledger';
import { LINE_KINDS } from '@web/screens/admin/import/kinds/lines';
import { PreviewStep } from '@web/screens/admin/import/preview-step';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { NO_RULE_EFFECTS } from '@web/test/import-result';

const admin = makeUser();
const UPLOAD = 'a'.repeat(32);
const analysis = { fileName: UPLOAD, originalName: 'file.csv', importType: 'operating', previousImports: [] };

/** What the wizard gives the step beside the kind and the file: its options, kept as the wizard keeps them. */
interface StepProps {
  options: object;
  onOptionsChange(options: object): void;
  onBack(): void;
  onImported(): void;
}

function Step({ element }: { element: (props: StepProps) => ReactElement }) {
  const [options, setOptions] = useState<object>({});
  return element({
    options,
    onOptionsChange: setOptions,
    onBack: () => {},
    onImported: vi.fn(),
  });
}

/** The preview step of a kind at /import, the execute call answered by `execute`; returns the bodies sent. */
function renderPreview(element: (props: StepProps) => ReactElement) {
  const bodies: Record<string, unknown>[] = [];
  return {
    bodies,
    render(path: string, answer: (body: Record<string, unknown>) => Response) {
      stubApi({
        '/api/auth/me': { user: admin },
        [path]: (_url: string, init: RequestInit) => {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          bodies.push(body);
          return answer(body);
        },
      });
      storeSession(admin);
      renderRoutes('/import', [{ path: 'import', element: <Step element={element} /> }]);
    },
  };
}

/** A payroll dry run of 200 rows into FY26, $29,837,617.42 in all, over `alreadyStored`. */
function payrollDryRun(alreadyStored: ImportResult['alreadyStored']): ImportResult {
  return {
    success: true,
    dryRun: true,
    importRunId: null,
    rowCount: 200,
    imported: 200,
    skipped: 0,
    warnings: [],
    warningCount: 0,
    reviewCount: 200,
    errors: [],
    errorCount: 0,
    skippedReasons: {},
    totalAmount: 29837617.42,
    fiscalYears: [2026],
    replacedProjected: 0,
    alreadyStored,
    nextYearSalaries: { automatic: 0, manual: 0, flagged: 200 },
    reconciliation: {
      field: 'currentSalary',
      column: 'REGULAR',
      fileSum: '29837617.42',
      storedSum: 29837617.42,
      differenceCount: 0,
      differenceTotal: '0.00',
      differences: [],
      unexplained: '0.00',
      balanced: true,
      unreadableCount: 0,
      totalRowCount: 0,
      totalRows: [],
      fileTotal: null,
    },
    preview: { rows: [], blankRows: 0 },
    fromRules: NO_RULE_EFFECTS,
    durationMs: 900,
  };
}

const LINE_BODY = {
  fileName: UPLOAD,
  columnMappings: {},
  noteColumns: [],
  importType: 'operating' as const,
  budgetYearId: 1,
  versionId: 2,
};

/** The payroll wizard's preview step, answered with a dry run whose year already holds `stored`. */
function payrollPreview(stored: Parameters<typeof payrollDryRun>[0]) {
  const preview = renderPreview((props) => (
    <PreviewStep
      kind={LINE_KINDS.operating}
      analysis={analysis as unknown as ImportAnalysis}
      mapping={{}}
      body={LINE_BODY}
      {...props}
    />
  ));
  preview.render('/api/import/execute', () => jsonResponse(200, payrollDryRun(stored)));
}

describe('the import wizard’s preview step', () => {
  it('says plainly that a payroll is added to the employees its year already has, and not when it has none', async () => {
    payrollPreview({ fiscalYear: 2026, count: 504, total: 35312345.67 });
    const added = await screen.findByText(/already has/);
    expect(added.closest('.alert')?.textContent).toBe(
      'Added, not replacedFY26 already has 504 employees ($35,312,346): these 200 rows are added to them, not in their place.',
    );
    // The summary counts for review as the result and Import History do (the rule's flags too).
    expect(screen.getByText(/rows will be imported/).textContent).toContain('200 will be marked for review');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 200 Rows' }).disabled).toBe(false);
  });

  it('says nothing of the kind for a year with no stored employees', async () => {
    payrollPreview({ fiscalYear: 2026, count: 0, total: 0 });
    await screen.findByRole('button', { name: 'Import 200 Rows' });
    expect(screen.queryByText(/already has/)).toBeNull();
  });

  it('says a ledger’s refused fiscal year without the request’s field name', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LEDGER_KIND}
        analysis={{ ...analysis, importType: 'ledger' } as unknown as LedgerAnalysis}
        mapping={{}}
        body={{ fileName: UPLOAD, columnMappings: {}, fiscalYear: 2023, period: 13 }}
        {...props}
      />
    ));
    const message =
      'FY23 does not exist: no budget year is named for it or holds lines of it. Create its budget year first.';
    // As the server sends it (server/errors.ts validationFailed): the field named in `error`.
    preview.render('/api/ledger/import/execute', () =>
      jsonResponse(400, {
        error: `fiscalYear: ${message}`,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'fiscalYear', message }],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`This ledger cannot be imported as mapped` + `Cannot import: ${message}`);
    expect(alert.textContent).not.toContain('fiscalYear');
  });

  it('says the whole of a ledger refused for the fiscal year its name says, not only the short form', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LEDGER_KIND}
        analysis={{ ...analysis, importType: 'ledger' } as unknown as LedgerAnalysis}
        mapping={{}}
        body={{ fileName: UPLOAD, columnMappings: {}, fiscalYear: 2026, period: 13 }}
        {...props}
      />
    ));
    // As server/domains/imports/ledger-import-read.ts checkFileYear sends it: its own text, and a
    // short form in the details (QA saw only 'The file's name says FY23').
    const whole =
      "The file's name says FY23 (lunenburg-munis-ytd-fy2023.csv), not FY26, and it has no fiscal year column to say otherwise: import it into FY23, or map its Fiscal Year column";
    preview.render('/api/ledger/import/execute', () =>
      jsonResponse(400, {
        error: whole,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'fiscalYear', message: "The file's name says FY23" }],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`This ledger cannot be imported as mapped` + `Cannot import: ${whole}`);
  });

  it('says a payroll into a locked year cannot be imported, and where the year is reopened', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LINE_KINDS.operating}
        analysis={analysis as unknown as ImportAnalysis}
        mapping={{}}
        body={LINE_BODY}
        {...props}
      />
    ));
    // The database trigger's 409 (server/errors.ts yearLocked), to the dry run as to a write.
    const locked =
      'FY26 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason';
    preview.render('/api/import/execute', () => jsonResponse(409, { error: locked, code: 'YEAR_LOCKED' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `This year is locked` + `Cannot import: ${locked}. Reopen it on Admin → Budget Stages.`,
    );
    expect(alert.textContent).not.toContain('Import failed');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
  });

  it('tells a locked year by the code YEAR_LOCKED, not by the words of the refusal', async () => {
    // Other words under the code: still the locked year's refusal.
    const reworded = 'FY2026 was voted by the School Committee and is read-only';
    const first = renderPreview((props) => (
      <PreviewStep
        kind={LINE_KINDS.operating}
        analysis={analysis as unknown as ImportAnalysis}
        mapping={{}}
        body={LINE_BODY}
        {...props}
      />
    ));
    first.render('/api/import/execute', () => jsonResponse(409, { error: reworded, code: 'YEAR_LOCKED' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `This year is locked` + `Cannot import: ${reworded}. Reopen it on Admin → Budget Stages.`,
    );
    cleanup();

    // The locked year's words under another conflict's code: an ordinary refusal, not a locked year.
    const words =
      'FY26 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason';
    const second = renderPreview((props) => (
      <PreviewStep
        kind={LINE_KINDS.operating}
        analysis={analysis as unknown as ImportAnalysis}
        mapping={{}}
        body={LINE_BODY}
        {...props}
      />
    ));
    second.render('/api/import/execute', () => jsonResponse(409, { error: words, code: 'CONFLICT' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('This year is locked');
    expect(alert.textContent).toContain(`Cannot import: ${words}`);
    expect(alert.textContent).not.toContain('Reopen it on');
  });

  it('keeps a line import’s Import button off when the dry run failed, and says why without refusing the file', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LINE_KINDS.operating}
        analysis={analysis as unknown as ImportAnalysis}
        mapping={{}}
        body={{
          fileName: UPLOAD,
          columnMappings: {},
          noteColumns: [],
          importType: 'operating',
          budgetYearId: 1,
          versionId: 2,
        }}
        {...props}
      />
    ));
    preview.render('/api/import/execute', () => jsonResponse(500, { error: 'The database is away' }));
    const alert = await screen.findByRole('alert');
    // A dry run imported nothing: its failure is not an import's.
    expect(alert.textContent).toBe('The preview failed: The database is away');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
    expect(preview.bodies).toEqual([expect.objectContaining({ dryRun: true, versionId: 2 })]);
  });

  it('offers to replace a later period when the ledger’s dry run is refused for one, and checks again with it', async () => {
    const preview = renderPreview((props) => (
      <PreviewStep
        kind={LEDGER_KIND}
        analysis={{ ...analysis, importType: 'ledger' } as unknown as LedgerAnalysis}
        mapping={{}}
        body={{ fileName: UPLOAD, columnMappings: {}, fiscalYear: 2023, period: 6 }}
        {...props}
      />
    ));
    preview.render('/api/ledger/import/execute', () =>
      jsonResponse(409, { error: 'FY2023 holds period 13: importing period 6 would replace it' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This ledger cannot be imported as mapped',
    );
    const replace = await screen.findByRole('checkbox', { name: /Replace the later period/ });
    fireEvent.click(replace);
    await vi.waitFor(() => expect(preview.bodies).toHaveLength(2));
    expect(preview.bodies[0]).toEqual(expect.not.objectContaining({ replaceLaterPeriod: true }));
    expect(preview.bodies[1]).toEqual(expect.objectContaining({ dryRun: true, replaceLaterPeriod: true }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import' }).disabled).toBe(true);
  });
});
