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

function Harness({ onNext }: { onNext(): void }) {
  const [mapping, setMapping] = useState<FieldMapping>({
    accountDescription: 'Description',
    amount: 'Budget',
    name: 'SKIP',
  });
  const [settings, setSettings] = useState<LineSettings>({ versionId: 2, noteColumns: [] });
  return (
    <MapStep
      kind={LINE_KINDS.proposed}
      analysis={analysis}
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
