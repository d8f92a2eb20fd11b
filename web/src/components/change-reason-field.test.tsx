// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProposedLineItem } from '@web/api/line-items';
import { ProposedEditor } from '@web/components/proposed-editor';
import { jsonResponse, makeUser, renderRoutes, stubApi, storeSession } from '@web/test/render';

/** Once a year has passed a budget stage, a line's edit may say why (changeReason). */
const admin = makeUser();
const line = {
  id: 41,
  budgetYearId: 2,
  fiscalYear: 2027,
  isOperating: false,
  isProjected: false,
  accountDescription: 'Textbooks',
  name: null,
  accountLine: null,
  deseCategories: null,
  deseCode: '2305',
  amount: 1200,
  categoryId: null,
  category: null,
  buildingId: null,
  fundId: null,
  notes: null,
} as unknown as ProposedLineItem;

const stagesAnswer = (events: unknown[]) => ({
  budgetYearId: 2,
  fiscalYear: 2027,
  current: {
    stage: 'SUPERINTENDENT_RECOMMENDED',
    stageLabel: "Superintendent's Recommended",
    date: '2027-02-01',
    reopened: false,
    locked: false,
    caption: "Superintendent's Recommended, recommended Feb 1, 2027",
  },
  next: { stage: 'SCHOOL_COMMITTEE_ADOPTED', label: 'School Committee Adopted', blocked: null },
  events,
});

function renderEditor(events: unknown[]) {
  const sent: unknown[] = [];
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/buildings': { buildings: [] },
    '/api/categories': { categories: [] },
    '/api/funds': { funds: [] },
    '/api/history/line-item/41': { entries: [] },
    '/api/budget-stages': stagesAnswer(events),
    '/api/line-items/41': (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { lineItem: line });
    },
  });
  storeSession(admin);
  renderRoutes('/editor', [
    {
      path: 'editor',
      element: <ProposedEditor target={{ mode: 'edit', line }} onClose={() => {}} onSaved={() => {}} />,
    },
  ]);
  return { dialog: screen.getByRole('dialog'), sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('the line editors after a budget stage', () => {
  it("offers 'Reason for the change' and sends it with the edit", async () => {
    const { dialog, sent } = renderEditor([{ id: 7, event: 'advance' }]);
    const reason = await within(dialog).findByLabelText('Reason for the change');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1100' } });
    fireEvent.change(reason, { target: { value: 'Reduced per the workshop' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ amount: 1100, changeReason: 'Reduced per the workshop' });
  });

  it('leaves the reason out when it is empty, and offers none before the first stage', async () => {
    const { dialog, sent } = renderEditor([]);
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('changeReason');
    expect(within(dialog).queryByLabelText('Reason for the change')).toBeNull();
  });
});
