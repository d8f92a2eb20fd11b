// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportAnalysis, ImportResult } from '@web/api/import';
import { LINE_KINDS } from '@web/screens/admin/import/kinds/lines';
import { PreviewStep } from '@web/screens/admin/import/preview-step';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { NO_RULE_EFFECTS } from '@web/test/import-result';

const admin = makeUser();
const UPLOAD = 'b'.repeat(32);
const BODY = {
  fileName: UPLOAD,
  columnMappings: {},
  noteColumns: [],
  importType: 'operating' as const,
  budgetYearId: 1,
  versionId: 2,
};
const LABEL = /Leave out rows whose building is not one of the district's buildings/;

/** A payroll dry run of a city's 10 rows: all imported, or 3 of the police and fire left out. */
function dryRun(leaveOut: boolean): ImportResult {
  const money = { file: leaveOut ? '412345.67' : '912345.67', stored: leaveOut ? 412345.67 : 912345.67 };
  return {
    success: true,
    dryRun: true,
    importRunId: null,
    rowCount: 10,
    imported: leaveOut ? 7 : 10,
    skipped: leaveOut ? 3 : 0,
    warnings: [],
    warningCount: 0,
    reviewCount: 0,
    errors: [],
    errorCount: 0,
    skippedReasons: leaveOut ? { "not one of the district's buildings": 3 } : {},
    ...(leaveOut
      ? {
          leftOut: {
            rows: 3,
            amount: '500000.00',
            buildings: [
              { building: 'Boston Police Department', rows: 2 },
              { building: 'Boston Fire Department', rows: 1 },
            ],
          },
        }
      : {}),
    totalAmount: money.stored,
    fiscalYears: [2026],
    replacedProjected: 0,
    alreadyStored: { fiscalYear: 2026, count: 0, total: 0 },
    nextYearSalaries: { automatic: 0, manual: 0, flagged: 0 },
    reconciliation: {
      field: 'currentSalary',
      column: 'REGULAR',
      fileSum: '912345.67',
      storedSum: money.stored,
      differenceCount: leaveOut ? 3 : 0,
      differenceTotal: leaveOut ? '500000.00' : '0.00',
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
    durationMs: 300,
  };
}

/** The preview step with its options kept as the wizard keeps them. */
function Step({ kind }: { kind: 'operating' | 'proposed' }) {
  const [options, setOptions] = useState<object>({});
  const analysis = { fileName: UPLOAD, originalName: 'city.csv', importType: kind, previousImports: [] };
  return (
    <PreviewStep
      kind={LINE_KINDS[kind]}
      analysis={analysis as unknown as ImportAnalysis}
      mapping={{}}
      body={{ ...BODY, importType: kind }}
      options={options}
      onOptionsChange={setOptions}
      onBack={() => {}}
      onImported={vi.fn()}
    />
  );
}

function render(kind: 'operating' | 'proposed') {
  const bodies: Record<string, unknown>[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/import/execute': (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse(200, dryRun(body.onlyDistrictBuildings === true));
    },
  });
  storeSession(admin);
  renderRoutes('/import', [{ path: 'import', element: <Step kind={kind} /> }]);
  return bodies;
}

describe('the payroll preview’s option to leave out other departments', () => {
  it('is off at first; checked, the dry run runs again with it and says what it leaves out', async () => {
    const bodies = render('operating');
    await screen.findByRole('button', { name: 'Import 10 Rows' });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: LABEL });
    expect(box.checked).toBe(false);
    expect(bodies[0].onlyDistrictBuildings).toBeUndefined();
    // Its one line of explanation is read with it.
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /not imported; a blank building stays District Wide/,
    );
    expect(screen.queryByText(/left out/)).toBeNull();

    fireEvent.click(box);
    await screen.findByRole('button', { name: 'Import 7 Rows' });
    expect(bodies.at(-1)).toMatchObject({ onlyDistrictBuildings: true, dryRun: true });
    expect(screen.getByRole('heading', { name: '3 rows left out ($500,000.00)' })).toBeTruthy();
    expect(screen.getByText('Boston Police Department: 2 rows')).toBeTruthy();
    expect(screen.getByText('Boston Fire Department: 1 row')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: LABEL }));
    await screen.findByRole('button', { name: 'Import 10 Rows' });
    expect(bodies.at(-1)?.onlyDistrictBuildings).toBeUndefined();
    await waitFor(() => expect(screen.queryByText(/rows left out/)).toBeNull());
  });

  it('is not offered for a budget (proposed) import', async () => {
    render('proposed');
    await screen.findByRole('button', { name: 'Import 10 Rows' });
    expect(screen.queryByRole('checkbox', { name: LABEL })).toBeNull();
  });
});
