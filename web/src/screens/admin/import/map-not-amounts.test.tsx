// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportAnalysis } from '@web/api/import';
import { LINE_KINDS, type LineSettings } from '@web/screens/admin/import/kinds/lines';
import { MapStep } from '@web/screens/admin/import/map-step';
import type { FieldMapping } from '@web/screens/admin/import/mapping';
import { describedText, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

// A budget file whose 'Budget' column says TBD: the analysis suggests it for Amount (its header
// names the amount). The refusal came only at the Preview step, after the dry run; the Map step,
// where the column is chosen, now says it in the import's words and waits for another column.

const admin = makeUser();
const WORDS = 'Amount is mapped to column "Budget", but its values are not amounts (row 2: "TBD")';

const analysis = {
  fileName: 'd'.repeat(32),
  originalName: 'tbd.csv',
  sheetName: null,
  headerRow: 1,
  detectedColumns: ['Description', 'Budget', 'Request'],
  expectedColumns: [
    { field: 'accountDescription', label: 'Account Description', required: true, description: '' },
    { field: 'amount', label: 'Amount', required: true, description: '' },
    { field: 'name', label: 'Line Name', required: false, description: '' },
  ],
  suggestedMappings: {
    accountDescription: { csvColumn: 'Description', confidence: 'high' },
    amount: { csvColumn: 'Budget', confidence: 'high' },
    name: { csvColumn: null, confidence: 'none' },
  },
  savedMapping: false,
  previewData: [{ Description: 'Supplies', Budget: 'TBD', Request: '1,000.00' }],
  previousImports: [],
  // What the server found in the first rows: Budget and Description hold no amount.
  notAmounts: { Budget: { row: 2, text: 'TBD' }, Description: { row: 2, text: 'Supplies' } },
  suggestedNoteColumns: [],
  importType: 'proposed',
} as unknown as ImportAnalysis;

function Harness({
  onNext,
  kind = LINE_KINDS.proposed,
  of = analysis,
  mapped = { accountDescription: 'Description', amount: 'Budget', name: 'SKIP' },
}: {
  onNext(): void;
  kind?: (typeof LINE_KINDS)[keyof typeof LINE_KINDS];
  of?: ImportAnalysis;
  mapped?: FieldMapping;
}) {
  const [mapping, setMapping] = useState<FieldMapping>(mapped);
  const [settings, setSettings] = useState<LineSettings>({ versionId: 2, noteColumns: [] });
  return (
    <MapStep
      kind={kind}
      analysis={of}
      mapping={mapping}
      onMappingChange={setMapping}
      settings={settings}
      onSettingsChange={(next: LineSettings) => setSettings(next)}
      onBack={() => {}}
      onNext={onNext}
    />
  );
}

afterEach(cleanup);

describe('the import wizard’s Map step, with an amount column of text', () => {
  it('says the column holds no amounts where it is chosen, and goes on once another is', async () => {
    stubApi({ '/api/auth/me': { user: admin } });
    storeSession(admin);
    let next = 0;
    renderRoutes('/import', [{ path: 'import', element: <Harness onNext={() => (next += 1)} /> }]);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Preview Import' });
    expect(screen.getByText(WORDS)).toBeTruthy();
    expect(button.disabled).toBe(true);
    expect(describedText(button)).toBe(WORDS);
    fireEvent.click(button);
    expect(next).toBe(0);
    // A text column mapped to a field that is not an amount (the description) is no problem.
    fireEvent.click(screen.getByRole('combobox', { name: 'Column for Amount' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Request' }));
    expect(screen.queryByText(WORDS)).toBeNull();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(next).toBe(1);
  });
});

// A payroll whose optional Next Year Salary column says TBD: the import warned each row and left
// every employee to the automatic rule. It is refused as the salary is, and said here first.
const NEXT_YEAR_WORDS =
  'Next Year Salary is mapped to column "Next Year", but its values are not amounts (row 2: "TBD")';

const payroll = {
  ...analysis,
  originalName: 'payroll.csv',
  detectedColumns: ['Employee Name', 'Salary', 'Next Year', 'Raise'],
  expectedColumns: [
    { field: 'fullName', label: 'Full Name', required: false, description: '' },
    { field: 'currentSalary', label: 'Current Salary', required: true, description: '' },
    { field: 'nextYearSalary', label: 'Next Year Salary', required: false, description: '' },
  ],
  suggestedMappings: {
    fullName: { csvColumn: 'Employee Name', confidence: 'high' },
    currentSalary: { csvColumn: 'Salary', confidence: 'high' },
    nextYearSalary: { csvColumn: 'Next Year', confidence: 'high' },
  },
  previewData: [{ 'Employee Name': 'Lee, Ana', Salary: '61,000', 'Next Year': 'TBD', Raise: '62,830' }],
  notAmounts: { 'Employee Name': { row: 2, text: 'Lee, Ana' }, 'Next Year': { row: 2, text: 'TBD' } },
  importType: 'operating',
} as unknown as ImportAnalysis;

describe('the import wizard’s Map step, with a Next Year Salary column of text', () => {
  it('says it holds no amounts, in the words of the salary, and goes on once a column of amounts is chosen', async () => {
    stubApi({ '/api/auth/me': { user: admin } });
    storeSession(admin);
    let next = 0;
    const mapped = { fullName: 'Employee Name', currentSalary: 'Salary', nextYearSalary: 'Next Year' };
    renderRoutes('/import', [
      {
        path: 'import',
        element: (
          <Harness onNext={() => (next += 1)} kind={LINE_KINDS.operating} of={payroll} mapped={mapped} />
        ),
      },
    ]);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Preview Import' });
    expect(screen.getByText(NEXT_YEAR_WORDS)).toBeTruthy();
    expect(button.disabled).toBe(true);
    expect(describedText(button)).toBe(NEXT_YEAR_WORDS);
    fireEvent.click(screen.getByRole('combobox', { name: 'Column for Next Year Salary' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Raise' }));
    expect(screen.queryByText(NEXT_YEAR_WORDS)).toBeNull();
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(next).toBe(1);
  });
});
