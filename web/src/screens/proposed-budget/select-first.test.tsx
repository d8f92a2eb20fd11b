// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import type { ColDef } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import type { ProposedLineItem } from '@web/api/line-items';
import { BudgetYearProvider, useBudgetYear } from '@web/budget-year/budget-year-context';
import type { ProposedEditorTarget } from '@web/components/proposed-editor';
import { RowActionsCell } from '@web/components/data-grid/row-actions-cell';
import { describedText, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { ProposedBudgetScreen } from './index';

// QA (FINANCE, 1440x900): Delete Selected with nothing selected said 'Please select items to
// delete', and the red banner stayed after rows were selected and after an Edit was saved ('Line
// item saved' beside it). Later QA: with nothing ticked, Delete Selected, Assign Building, Set
// Function Code, Set Category and Set Fund were offered only to answer 'Please select items first'
// (the Positions manager disables its Apply to Selected instead), and a refusal stayed after the
// header's year was switched. The grid and the editor are stood in for: the grid ticks a line and
// offers its row buttons, the editor saves at once.
const line = {
  id: 41,
  budgetYearId: 2,
  fiscalYear: 2027,
  accountDescription: 'Classroom supplies',
  name: 'Classroom supplies',
  building: null,
} as unknown as ProposedLineItem;

vi.mock('@web/components/data-grid/data-grid', () => ({
  DataGrid: ({
    columns,
    onSelectionChange,
  }: {
    columns: ColDef<ProposedLineItem>[];
    onSelectionChange(rows: ProposedLineItem[]): void;
  }) => {
    const actions = columns.find((c) => c.colId === 'actions');
    const cell = { data: line, ...(actions?.cellRendererParams as object) } as Parameters<
      typeof RowActionsCell<ProposedLineItem>
    >[0];
    return (
      <div data-testid="grid">
        <button type="button" onClick={() => onSelectionChange([line])}>
          Tick the line
        </button>
        <RowActionsCell {...cell} />
      </div>
    );
  },
}));
vi.mock('@web/components/proposed-editor', () => ({
  ProposedEditor: ({
    target,
    onSaved,
  }: {
    target: ProposedEditorTarget | null;
    onSaved(line: ProposedLineItem, mode: 'edit' | 'add'): void;
  }) =>
    target ? (
      <button type="button" onClick={() => onSaved(line, target.mode)}>
        Save the line
      </button>
    ) : null,
}));

const finance = makeUser({ role: 'FINANCE', abilities: { 'lineItems.write': true } });
const fy27 = { id: 2, fiscalYear: 'FY27', name: 'FY27 Budget', notes: null, currentFiscalYear: 2027 };
const fy28 = { id: 3, fiscalYear: 'FY28', name: 'FY28 Budget', notes: null, currentFiscalYear: 2028 };

/** Stands in for the header's Budget year picker. */
function PickYear() {
  const { select } = useBudgetYear();
  return (
    <button type="button" onClick={() => select(3)}>
      Pick FY28
    </button>
  );
}

async function renderScreen() {
  storeSession(finance);
  stubApi({
    '/api/auth/me': { user: finance },
    '/api/budget-years': {
      budgetYears: [fy27, fy28],
      districtName: null,
      homes: [],
      budgetYearsWithLines: [2, 3],
    },
    '/api/line-items/fiscal-years': { fiscalYears: [2027], withLines: [2027] },
  });
  renderRoutes('/proposed-budget', [
    {
      path: 'proposed-budget',
      element: (
        <BudgetYearProvider>
          <PickYear />
          <ProposedBudgetScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
  await screen.findByTestId('grid');
}

const banner = (words: string) => screen.queryByText(words, { selector: '.alert__title' });
const BULK = ['Delete Selected', 'Assign Building', 'Set Function Code', 'Set Category', 'Set Fund'];
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe("Proposed Budget's bulk actions with nothing ticked", () => {
  it('are disabled, saying why, until a line is ticked', async () => {
    await renderScreen();
    await screen.findByRole('button', { name: 'Delete Selected' });
    for (const name of BULK) {
      expect(button(name).disabled, name).toBe(true);
      expect(describedText(button(name)), name).toBe('Tick lines first (the box at the start of each row)');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Tick the line' }));
    for (const name of BULK) {
      expect(button(name).disabled, name).toBe(false);
      expect(button(name).getAttribute('aria-describedby'), name).toBeNull();
    }
  });

  it('a refusal goes once a building is picked after Assign Building asked for one', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Tick the line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign Building' }));
    expect(banner('Please select a building')).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Building to assign' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'District Wide' }));
    expect(banner('Please select a building')).toBeNull();
  });

  it('a refusal goes when an editor opens, and is not left beside its success', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Tick the line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign Building' }));
    expect(banner('Please select a building')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Classroom supplies' }));
    expect(banner('Please select a building')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Building' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the line' }));
    expect(await screen.findByText('Line item saved')).toBeTruthy();
    expect(banner('Please select a building')).toBeNull();
  });

  it("a refusal goes once the header's budget year is switched", async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Tick the line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign Building' }));
    expect(banner('Please select a building')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pick FY28' }));
    await vi.waitFor(() => expect(banner('Please select a building')).toBeNull());
  });
});
