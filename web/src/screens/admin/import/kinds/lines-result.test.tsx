// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@web/api/import';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { LineResult } from '@web/screens/admin/import/kinds/lines-result';
import { makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { NO_RULE_EFFECTS } from '@web/test/import-result';

const admin = makeUser();

/**
 * The Boston payroll's result as QA saw it: every row marked for review, 24,901 of them with a
 * warning from the file, and the next-year rule's 24,417 flags overlapping its 6,845 computed.
 */
const boston: ImportResult = {
  success: true,
  dryRun: false,
  importRunId: 7,
  rowCount: 25530,
  imported: 25530,
  skipped: 0,
  warnings: Array.from({ length: 100 }, (_, i) => ({
    row: i + 2,
    name: `Person ${i}`,
    issues: ["Building 'Boston Latin' matches no building; left as District Wide"],
  })),
  warningCount: 24901,
  reviewCount: 25530,
  errors: [],
  errorCount: 0,
  skippedReasons: {},
  totalAmount: 1911555602.86,
  fiscalYears: [2027],
  replacedProjected: 0,
  alreadyStored: { fiscalYear: 2027, count: 0, total: 0 },
  positions: { filled: 0, created: 25530, grantFunded: 0, vacant: 0 },
  nextYearSalaries: { automatic: 6845, manual: 0, flagged: 24417 },
  reconciliation: {
    field: 'currentSalary',
    column: 'REGULAR',
    fileSum: '1911555602.86',
    storedSum: 1911555602.86,
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
  durationMs: 60000,
};

function renderResult(result: ImportResult) {
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': {
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    },
    '/api/versions': { versions: [] },
  });
  storeSession(admin);
  renderRoutes('/result', [
    {
      path: 'result',
      element: (
        <BudgetYearProvider>
          <LineResult result={result} fileName="boston.csv" settings={{ versionId: 2, noteColumns: [] }} />
        </BudgetYearProvider>
      ),
    },
  ]);
}

describe('a payroll import’s result', () => {
  it('says what each count counts, so the review count and the warnings count are not read as one', async () => {
    renderResult(boston);
    const review = (await screen.findByText(/^Rows marked for review/, { selector: 'dt' })).parentElement!;
    expect(review.querySelector('dt')!.textContent).toBe(
      'Rows marked for reviewWith a warning, or flagged by the next-year salary rule',
    );
    // One figure per card (the end-to-end test reads the card's dd).
    expect([...review.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['25,530']);
    expect(screen.getByRole('heading', { level: 3, name: /with a warning/ }).textContent).toBe(
      'Rows imported with a warning (first 20 of 24,901)',
    );
    expect(screen.getByText(/a row can be marked without a warning here/).textContent).toContain(
      'Rows marked for review (25,530) counts these rows and those the next-year salary rule flagged',
    );
  });

  // The Chicago roster's 1,306 rows with no name came in as 1,306 people named 'Vacant'.
  it('counts the open positions the file listed, apart from its people', async () => {
    renderResult(boston);
    await screen.findByText('Import complete');
    expect(screen.queryByText(/^Open positions/)).toBeNull();
    cleanup();
    renderResult({ ...boston, positions: { filled: 0, created: 37_325, grantFunded: 0, vacant: 1_306 } });
    const open = (await screen.findByText(/^Open positions/, { selector: 'dt' })).parentElement!;
    expect(open.textContent).toBe('Open positions (rows with no name), vacant at their salary1,306');
  });

  // It read 'By reason: 133 heading row (no amount), 1 repeated header row'.
  it('counts the skipped rows by reason in the plural where there are several', async () => {
    renderResult({
      ...boston,
      skipped: 134,
      errors: ['Row 3: skipped, heading row (no amount)'],
      errorCount: 134,
      skippedReasons: { 'heading row (no amount)': 133, 'repeated header row': 1 },
    });
    expect((await screen.findByText(/^By reason:/)).textContent).toBe(
      'By reason: 133 heading rows (no amount), 1 repeated header row.',
    );
  });

  it('says the next-year rule’s flags as a share of the rows, not a group beside the computed ones', async () => {
    renderResult(boston);
    const alert = (await screen.findByText('Import complete')).closest('.alert')!;
    expect(alert.textContent).toContain(
      'Next-year salaries: 6,845 computed by the automatic rule, 0 kept from the file. Of the 25,530 rows, the rule flags 24,417 for review',
    );
    expect(alert.textContent).not.toContain('; 24,417 flagged');
  });

  // happy-dom lays nothing out; Chromium showed the total cut off ('$1,911,555,60') in a 10rem grid
  // track at 1440 px. Flex cards keep their figure's width (min-width: auto) and wrap instead.
  it('lets a stat card grow to its figure rather than cut it off', () => {
    const statsCss = readFileSync(path.resolve(import.meta.dirname, '../import-tables.css'), 'utf8');
    const rule = (selector: string) =>
      new RegExp(`(^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(statsCss)?.[2] ?? '';
    expect(rule('.imp-stats')).toContain('flex-wrap: wrap');
    expect(rule('.imp-stats')).not.toContain('grid-template-columns');
    expect(rule('.imp-stat')).not.toMatch(/(^|\s)(min-width|width|overflow)\s*:/);
    expect(rule('.imp-stat dd')).toContain('white-space: nowrap');
  });
});
