// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScenarioPositionChange, ScenarioPositions } from '@web/api/scenario-positions';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';
import { PositionsPanel } from './positions-panel';

const finance = makeUser({ role: 'FINANCE', abilities: { 'scenarios.read': true, 'scenarios.write': true } });
const hillside = { id: 1, name: 'Hillside Elementary School' };
const teachers = { id: 3, name: 'Teachers' };

const change = (over: Partial<ScenarioPositionChange>): ScenarioPositionChange => ({
  id: 1,
  kind: 'cut',
  positionId: 12,
  title: 'Grade 3 Teacher',
  building: hillside,
  category: teachers,
  workGroup: 'Teachers',
  deseCode: null,
  fte: 1,
  status: 'filled',
  holders: ['Isabel Kowalski'],
  amount: 79_182.6,
  generalAmount: 79_182.6,
  unpricedReason: null,
  stale: null,
  reason: null,
  why: null,
  warning: null,
  createdAt: '2026-11-29T00:00:00.000Z',
  ...over,
});

const NO_SCHEDULE = 'Its work group has no salary schedule to price the vacancy on';
const unpricedAdd = (id: number) =>
  change({
    id,
    kind: 'add',
    positionId: null,
    title: 'Reading Specialist',
    workGroup: 'Specialists',
    status: 'new',
    holders: [],
    amount: null,
    generalAmount: null,
    unpricedReason: NO_SCHEDULE,
  });

const positions = (changes: ScenarioPositionChange[], addsUnpriced: number): ScenarioPositions => ({
  scenarioId: 4,
  fiscalYear: 2027,
  rosterFiscalYear: 2026,
  available: true,
  message: null,
  changes,
  totals: {
    cutFte: 1,
    addedFte: addsUnpriced,
    savings: 79_182.6,
    addedCost: 0,
    net: 79_182.6,
    positionsCut: 1,
    positionsAdded: addsUnpriced,
    cutsUnpriced: 0,
    addsUnpriced,
  },
});

function renderPanel(addAnswer?: (body: Record<string, unknown>) => ScenarioPositions) {
  const sent: Record<string, unknown>[] = [];
  stubApi({
    '/api/auth/me': { user: finance },
    '/api/scenarios/cuts/4/positions': positions([change({}), unpricedAdd(2)], 1),
    '/api/buildings': { buildings: [hillside] },
    '/api/categories': { categories: [{ ...teachers, isPersonnel: true }] },
    '/api/cola/work-groups': { workGroups: [{ id: 7, name: 'Specialists' }] },
    '/api/scenarios/cuts/4/positions/add': (_url, init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return jsonResponse(201, addAnswer!(body));
    },
  });
  storeSession(finance);
  renderRoutes('/scenario', [{ path: 'scenario', element: <PositionsPanel scenarioId={4} canWrite /> }]);
  return sent;
}

async function choose(dialog: HTMLElement, field: string, option: string) {
  const select = within(dialog).getByRole('combobox', { name: field });
  fireEvent.keyDown(select, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Opens Add position and fills it in as a Reading Specialist of the Specialists work group. */
async function fillAdd() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add position' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add position' });
  fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Reading Specialist' } });
  await choose(dialog, 'Budget category', 'Teachers');
  await choose(dialog, 'Work group', 'Specialists');
  return dialog;
}

describe('unpriced positions in the Scenario Builder', () => {
  // FY27 on the demo district: an added Reading Specialist was priced at $0 and the totals read
  // 'Added cost $0.00', 'Net $79,182.60' as if complete; only its row said why.
  it('says which totals leave an unpriced position out', async () => {
    renderPanel();
    const list = await screen.findByLabelText('Totals by position');
    const value = (label: string) =>
      within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Added cost')).toBe('$0.00 · 1 position unpriced');
    expect(value('Net')).toBe('$79,182.60 · leaves out 1 unpriced position');
    expect(value('Savings')).toBe('$79,182.60');
  });

  it('says before adding that the new position cannot be priced, and why, saving nothing', async () => {
    const sent = renderPanel(() => positions([change({}), unpricedAdd(2), unpricedAdd(-1)], 2));
    const dialog = await fillAdd();
    const status = await within(dialog).findByText(/^Not priced:/, {}, { timeout: 5000 });
    expect(status.textContent).toBe(
      `Not priced: ${NO_SCHEDULE}. Added cost and Net will leave it out until it is priced.`,
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((b) => b.dryRun === true)).toBe(true);
    expect(sent.at(-1)).toMatchObject({ title: 'Reading Specialist', categoryId: 3, workGroupId: 7 });
  }, 15_000);

  it('says before adding what a priced position costs', async () => {
    renderPanel(() => {
      const priced = change({
        ...unpricedAdd(-1),
        amount: 57_250.5,
        generalAmount: 57_250.5,
        unpricedReason: null,
      });
      return positions([change({}), unpricedAdd(2), priced], 1);
    });
    const dialog = await fillAdd();
    expect((await within(dialog).findByText(/^Costs /, {}, { timeout: 5000 })).textContent).toBe(
      "Costs $57,250.50 in FY27, as a vacancy on its work group's schedule.",
    );
  }, 15_000);
});

describe('the Positions table on a phone', () => {
  const css = readFileSync(path.resolve(import.meta.dirname, 'positions.css'), 'utf8');

  // At 390 px Holders, Saves / costs, Reason and Remove sat off to the right with no sign the table
  // scrolled. happy-dom lays nothing out: the cells name their columns and the stylesheet stacks
  // each change as labelled values where the table is narrow (Chromium shows it).
  it('names every cell’s column and stacks the rows where the table is narrow', async () => {
    renderPanel();
    const table = await screen.findByRole('table');
    const [, cut] = within(table).getAllByRole('row');
    const labels = within(cut)
      .getAllByRole('cell')
      .map((c) => c.getAttribute('data-label'));
    expect(labels).toEqual([
      null,
      'Building',
      'FTE',
      'Status',
      'Holders',
      'Picked',
      'Saves / costs',
      'Reason',
      null,
    ]);
    expect(css).toMatch(
      /@container \(max-width: [\d.]+rem\) \{[^@]*\.positions__table tr \{\s*display: grid;/,
    );
    expect(css).toMatch(/td\[data-label\]::before \{\s*content: attr\(data-label\);/);
  });

  // 'Hillside Elementary School' wrapped onto two centred lines in a 2.25rem picker beside 2.5rem
  // text boxes.
  it('keeps the Add dialog’s pickers on one line, as tall as its text boxes', () => {
    const rule = (selector: string) =>
      new RegExp(`(^|\\n)${selector.replace(/[.>]/g, '\\$&')} \\{([^}]*)\\}`).exec(css)?.[2] ?? '';
    expect(rule('.position-form .select-trigger')).toMatch(/width: 100%;[\s\S]*min-height: 2\.5rem;/);
    expect(rule('.position-form .select-trigger > span:first-child')).toContain('white-space: nowrap');
  });
});
