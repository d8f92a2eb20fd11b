// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PositionCutResult, ScenarioPositionChange } from '@web/api/scenario-positions';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { CutPositionsDialog } from './cut-positions-dialog';

/**
 * The Cut positions dialog's dry run, on an answer as the server gives it for Boston's payroll (no
 * hire dates): the order once, why each position was picked, and a $0 pick flagged. The words are
 * the server's (pickForCut): the dialog shows them as they come.
 */
const finance = makeUser({ role: 'FINANCE', abilities: { 'scenarios.read': true, 'scenarios.write': true } });
const hillside = { id: 1, name: 'Hillside Elementary School' };
const ORDER =
  'Vacancies first, then the least senior by hire date (latest hired first); positions whose holders have no hire date come last, newest position first.';
const NO_SALARY = 'saves nothing: its holder has no salary';
/** The warning as the preview shows it, a sentence of its own (shared/picked-words.ts). */
const NO_SALARY_SHOWN = 'Saves nothing: its holder has no salary';

const pick = (
  id: number,
  over: Partial<ScenarioPositionChange> & { why: string; warning: string | null },
) => ({
  id: -id,
  kind: 'cut' as const,
  positionId: id,
  title: 'Grade 3 Teacher',
  building: hillside,
  category: { id: 3, name: 'Teachers' },
  workGroup: 'Teachers',
  deseCode: null,
  fte: 1,
  status: 'filled',
  holders: [`Holder ${id}`],
  amount: 61_000.07,
  generalAmount: 61_000.07,
  unpricedReason: null,
  stale: null,
  reason: null,
  createdAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

const answer: PositionCutResult = {
  scenarioId: 4,
  fiscalYear: 2027,
  rosterFiscalYear: 2026,
  available: true,
  message: 'Would cut 2 positions of Grade 3 Teacher at Hillside Elementary School: saves $61,000.07',
  changes: [],
  totals: {
    cutFte: 2,
    addedFte: 0,
    savings: 61_000.07,
    addedCost: 0,
    net: 61_000.07,
    positionsCut: 2,
    positionsAdded: 0,
    cutsUnpriced: 0,
    addsUnpriced: 0,
  },
  dryRun: true,
  picked: [
    pick(31, { why: 'hired 2023-08-28 (least senior)', warning: NO_SALARY, amount: 0, generalAmount: 0 }),
    pick(30, { why: 'no hire date: newest position', warning: null }),
  ],
  pickedSavings: 61_000.07,
  pickOrder: ORDER,
};

describe('the Cut positions dialog', () => {
  it('says the order once, why each position was picked, and flags one that saves nothing', async () => {
    const sent: Record<string, unknown>[] = [];
    stubApi({
      '/api/auth/me': { user: finance },
      '/api/scenarios/cuts/4/position-groups': {
        groups: [
          {
            title: 'Grade 3 Teacher',
            building: hillside,
            positionCount: 3,
            fte: 3,
            vacantFte: 0,
            cutFte: 0,
          },
        ],
      },
      '/api/scenarios/cuts/4/positions/cut': (_url, init) => {
        sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return jsonResponse(200, answer);
      },
    });
    storeSession(finance);
    renderRoutes('/scenario', [
      { path: 'scenario', element: <CutPositionsDialog open onOpenChange={() => {}} scenarioId={4} /> },
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Cut positions' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Grade 3 Teacher at Hillside/ }));
    fireEvent.change(within(dialog).getByLabelText('FTE to cut'), { target: { value: '2' } });
    const preview = await within(dialog).findByRole(
      'status',
      { name: 'What the cut would do' },
      { timeout: 5000 },
    );
    expect(sent.at(-1)).toMatchObject({ title: 'Grade 3 Teacher', buildingId: 1, fte: 2, dryRun: true });
    expect(
      within(preview)
        .getAllByText(/^Order:/)
        .map((p) => p.textContent),
    ).toEqual([`Order: ${ORDER}`]);
    // Each position: its figures, then why it was picked, then the warning when it saves $0.
    const items = within(preview)
      .getAllByRole('listitem')
      .map((li) => [
        li.textContent,
        within(li).getByText(/^Picked:/).textContent,
        within(li).queryByText(NO_SALARY_SHOWN)?.tagName ?? null,
      ]);
    expect(items).toEqual([
      [
        `Grade 3 Teacher, 1 FTE, filled (Holder 31): saves $0.00Picked: hired 2023-08-28 (least senior)${NO_SALARY_SHOWN}`,
        'Picked: hired 2023-08-28 (least senior)',
        'STRONG',
      ],
      [
        'Grade 3 Teacher, 1 FTE, filled (Holder 30): saves $61,000.07Picked: no hire date: newest position',
        'Picked: no hire date: newest position',
        null,
      ],
    ]);
    expect(within(preview).getByText(/^1 picked position saves nothing/).textContent).toBe(
      '1 picked position saves nothing (marked below): cutting it lowers no cost.',
    );
  }, 15_000);
});
