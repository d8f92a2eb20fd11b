// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { LINE_KINDS } from '@web/screens/admin/import/kinds/lines';
import { UploadStep } from '@web/screens/admin/import/upload-step';
import { describedText, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';

const admin = makeUser();

/** The upload step with one budget year and no versions; returns the URLs the page asked for. */
function renderStep() {
  const asked = stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': {
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    },
    '/api/versions': { versions: [] },
  });
  storeSession(admin);
  const props = {
    kind: LINE_KINDS.operating,
    settings: LINE_KINDS.operating.initialSettings,
    onSettingsChange: () => {},
    file: null,
    onFileChange: vi.fn(),
    onAnalyzed: () => {},
    onCancel: () => {},
  };
  renderRoutes('/import', [
    {
      path: 'import',
      element: (
        <BudgetYearProvider>
          <UploadStep {...props} />
        </BudgetYearProvider>
      ),
    },
  ]);
  return { asked, onFileChange: props.onFileChange };
}

describe('the import wizard’s upload step', () => {
  it('says under the version and under the file what is missing, and analyzes nothing', async () => {
    const { asked } = renderStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Analyze File' }));
    const version = screen.getByRole('combobox', { name: 'Version' });
    expect(version.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(version)).toBe('Please select a version');
    const file = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(describedText(file)).toBe('Please choose a file (.csv, .xlsx or .xls)');
    expect(asked.some((u) => u.startsWith('/api/import'))).toBe(false);
  });

  it('refuses a file of another kind under the file, keeping none', async () => {
    const { onFileChange } = renderStep();
    const file = await vi.waitFor(() => document.querySelector<HTMLInputElement>('input[type="file"]')!);
    fireEvent.change(file, { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(file.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(file)).toBe('Choose a .csv, .xlsx or .xls file');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onFileChange).not.toHaveBeenCalled();
  });
});
