// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { LINE_KINDS } from '@web/screens/admin/import/kinds/lines';
import { UploadStep } from '@web/screens/admin/import/upload-step';
import { describedText, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';

const admin = makeUser();

/** FY2026's payroll version, and FY2026 at a stage (`locked` after a vote). */
const fy26Version = {
  id: 2,
  label: 'FY26 Payroll',
  fiscalYear: 2026,
  versionNumber: 1,
  description: null,
  status: 'draft',
  isActive: true,
  uploadedBy: null,
  uploadedByName: null,
  budgetYearId: 1,
  createdAt: '2026-01-05T00:00:00.000Z',
};
const stages = (locked: boolean) => ({
  budgetYearId: 1,
  fiscalYear: 2026,
  current: {
    stage: locked ? 'SCHOOL_COMMITTEE_ADOPTED' : 'DRAFT',
    stageLabel: locked ? 'School Committee Adopted' : 'Draft',
    date: null,
    reopened: false,
    closed: false,
    closedBy: null,
    locked,
    caption: '',
  },
  next: { stage: null, label: null, blocked: null },
  events: [],
  published: null,
});

/**
 * The upload step with one budget year, its versions (none unless given) and, when a version is
 * chosen, its year's stage; returns the URLs the page asked for.
 */
function renderStep({ versionId = null as number | null, locked = false } = {}) {
  const asked = stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': {
      budgetYears: [{ id: 1, fiscalYear: 'FY26', name: null, notes: null, currentFiscalYear: 2026 }],
    },
    '/api/versions': { versions: versionId ? [fy26Version] : [] },
    '/api/budget-stages': stages(locked),
  });
  storeSession(admin);
  const props = {
    kind: LINE_KINDS.operating,
    settings: { ...LINE_KINDS.operating.initialSettings, versionId },
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

  it('says the chosen version’s year is locked before any file is uploaded, and where it is reopened', async () => {
    renderStep({ versionId: 2, locked: true });
    const notice = await screen.findByText(/No file can be imported/);
    // The wizard names the year as the version list beside it does (FY26), not FY2026; the first
    // sentence is the server's refusal (lockedYearMessage), quoted as it is.
    expect(notice.closest('.alert')?.textContent).toBe(
      'This year is locked' +
        'FY26 is School Committee Adopted: its lines cannot change until an administrator reopens it with a reason. ' +
        'No file can be imported into FY26 until then: an administrator reopens it on Admin → Budget Stages.',
    );
  });

  it('says nothing of a lock for an open year', async () => {
    const { asked } = renderStep({ versionId: 2, locked: false });
    await vi.waitFor(() => expect(asked.some((u) => u.startsWith('/api/budget-stages'))).toBe(true));
    await screen.findByRole('button', { name: 'Analyze File' });
    expect(screen.queryByText(/This year is locked/)).toBeNull();
  });

  it('says which fiscal year a payroll belongs in, and which proposed budget its next-year salaries fill', async () => {
    renderStep({ versionId: 2 });
    const version = await screen.findByRole('combobox', { name: /Version/ });
    await vi.waitFor(() =>
      expect(describedText(version)).toContain(
        "A payroll goes in the fiscal year its people are paid in. Imported here as FY26's payroll, its next-year salaries become FY27's proposed salary lines.",
      ),
    );
  });
});
