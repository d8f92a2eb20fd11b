// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportWizard } from '@web/screens/admin/import/import-wizard';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

// The real Lunenburg ledger is for FY2023; the demo district has no FY2023. The Map Columns step
// said so in an alert, yet Preview Import stayed enabled and the dry run came back refused by the
// server ('FY23 does not exist'). Now Preview Import waits, saying why beside it, until the
// district has the year: created elsewhere, then 'Check again' in the alert asks for the years again.

const admin = makeUser({ role: 'ADMIN' });
const UPLOAD = 'd'.repeat(32);

const analysis = {
  fileName: UPLOAD,
  originalName: 'lunenburg_munis_school_ytd_fy2023_slice.csv',
  sheetName: null,
  headerRow: 1,
  detectedColumns: ['account', 'ytd_expended'],
  expectedColumns: [
    { field: 'accountNumber', label: 'Account Number', required: true },
    { field: 'expended', label: 'Expended Year to Date', required: false },
  ],
  suggestedMappings: {
    accountNumber: { csvColumn: 'account', confidence: 'high' },
    expended: { csvColumn: 'ytd_expended', confidence: 'high' },
  },
  savedMapping: null,
  previewData: [{ account: '1000-1-100-1110-00-5100', ytd_expended: '100.00' }],
  previousImports: [],
  notAmounts: {},
  importType: 'ledger',
  accountPattern: 'FUND-x-xxx-FUNC-...-OBJECT',
  detectedPeriod: 13,
  detectedFiscalYear: 2023,
  encodingNotice: null,
};

/** The ledger wizard at its Map Columns step; `district.current` is FY25's current fiscal year. */
async function toMapStep() {
  const district = { current: 2025 };
  const executed: Record<string, unknown>[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': () =>
      jsonResponse(200, {
        budgetYears: [
          { id: 1, fiscalYear: 'FY25', name: null, notes: null, currentFiscalYear: district.current },
        ],
      }),
    '/api/line-items/all-fiscal-years': {
      fiscalYears: [{ fiscalYear: 2026, itemCount: 10, isProjected: false }],
    },
    '/api/ledger/import/analyze': analysis,
    '/api/ledger/import/execute': (_url: string, init: RequestInit) => {
      executed.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return jsonResponse(400, { error: 'stop here' });
    },
  });
  storeSession(admin);
  renderRoutes('/import', [{ path: 'import', element: <ImportWizard kind="ledger" onCancel={() => {}} /> }]);
  const file = await waitFor(() => document.querySelector<HTMLInputElement>('input[type="file"]')!);
  fireEvent.change(file, { target: { files: [new File(['account,ytd_expended'], analysis.originalName)] } });
  fireEvent.click(screen.getByRole('button', { name: 'Analyze File' }));
  await screen.findByRole('heading', { name: 'Step 2 of 4: Map Columns' });
  return { district, executed };
}

const preview = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Preview Import' });

describe('the ledger wizard on a fiscal year the district lacks', () => {
  it('keeps Preview Import disabled with the reason beside it, until Check again finds the year', async () => {
    const { district, executed } = await toMapStep();
    expect(await screen.findByText('FY23 is not a year of this district')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Admin, Setup/ }).getAttribute('href')).toBe('/admin/setup');
    expect(preview().disabled).toBe(true);
    expect(describedText(preview())).toBe(
      'FY23 is not a year of this district: choose another fiscal year, or create its budget year and press Check again.',
    );
    fireEvent.click(preview());
    expect(screen.getByRole('heading', { name: 'Step 2 of 4: Map Columns' })).toBeTruthy();
    // The wizard names the year as the server does: FY23, in the choice as in the alert.
    expect(screen.getByRole('combobox', { name: 'Fiscal year' }).textContent).toBe('FY23');

    // The year is made one of the district's elsewhere (another tab), then checked again here.
    district.current = 2023;
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(preview().disabled).toBe(false));
    expect(screen.queryByText('FY23 is not a year of this district')).toBeNull();
    expect(preview().getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(preview());
    await waitFor(() => expect(executed).toHaveLength(1));
    expect(executed[0]).toMatchObject({ fiscalYear: 2023, dryRun: true });
  });
});
