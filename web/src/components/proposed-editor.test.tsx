// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Fund } from '@web/api/funds';
import type { ProposedLineItem } from '@web/api/line-items';
import { ProposedEditor, type ProposedEditorTarget } from '@web/components/proposed-editor';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const admin = makeUser();

const fund = (id: number, name: string, kind: Fund['kind']) => ({ id, name, kind }) as Fund;
// As GET /funds lists them: the general fund first.
const FUNDS = [fund(1, 'General Fund', 'general'), fund(9, 'Title I, Part A', 'federal_grant')];
const ADD: ProposedEditorTarget = { mode: 'add', budgetYearId: 2, fiscalYear: 2027 };

/** Renders the editor on `target`, the API answering saves from `answer`; returns the bodies it was sent. */
function renderEditor(answer: () => Response, target: ProposedEditorTarget = ADD) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      if (url === '/api/auth/me') {
        return jsonResponse(200, { user: admin });
      }
      if (method === 'GET' && url === '/api/buildings') {
        return jsonResponse(200, { buildings: [] });
      }
      if (method === 'GET' && url === '/api/categories') {
        return jsonResponse(200, { categories: [] });
      }
      if (method === 'GET' && url === '/api/funds') {
        return jsonResponse(200, { funds: FUNDS });
      }
      if (
        (method === 'POST' && url === '/api/line-items') ||
        (method === 'PUT' && url === '/api/line-items/5')
      ) {
        sent.push(JSON.parse(String(init.body)));
        return answer();
      }
      throw new Error(`Unexpected call ${method} ${url}`);
    }),
  );
  storeSession(admin);
  renderRoutes('/editor', [
    {
      path: 'editor',
      element: <ProposedEditor target={target} onClose={() => {}} onSaved={() => {}} />,
    },
  ]);
  return { dialog: screen.getByRole('dialog'), sent };
}

describe('ProposedEditor', () => {
  it("shows the create schema's messages under the fields and sends nothing", () => {
    const { dialog, sent } = renderEditor(() => jsonResponse(201, {}));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    expect(describedText(within(dialog).getByLabelText('Account description'))).toBe(
      'Account description is required',
    );
    expect(describedText(within(dialog).getByLabelText('Amount'))).toBe('Amount is required');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '10.555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    expect(describedText(within(dialog).getByLabelText('Amount'))).toBe('Use at most 2 decimal places');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("puts the server's field error under its field", async () => {
    const { dialog, sent } = renderEditor(() =>
      jsonResponse(400, {
        error: 'deseCode: Unknown DESE code 9999',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'deseCode', message: 'Unknown DESE code 9999' }],
      }),
    );
    fireEvent.change(within(dialog).getByLabelText('Account description'), {
      target: { value: ' Field trip buses ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1250.50' } });
    const dese = within(dialog).getByLabelText('DESE code');
    fireEvent.change(dese, { target: { value: '9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    await vi.waitFor(() => expect(dese.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(dese)).toBe('Unknown DESE code 9999');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      {
        accountDescription: 'Field trip buses',
        amount: 1250.5,
        buildingId: null,
        categoryId: null,
        name: null,
        accountLine: null,
        deseCode: '9999',
        deseCategories: null,
        notes: null,
        oneTime: false,
        fundId: null,
        isOperating: false,
        budgetYearId: 2,
        fiscalYear: 2027,
      },
    ]);
  });

  it('sends oneTime true once the One-time box is ticked', async () => {
    const { dialog, sent } = renderEditor(() => jsonResponse(400, { error: 'stop here' }));
    fireEvent.change(within(dialog).getByLabelText('Account description'), { target: { value: 'Roof' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '98000.33' } });
    const box = within(dialog).getByRole('checkbox', { name: /One-time/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ accountDescription: 'Roof', amount: 98000.33, oneTime: true });
  });
});

/** Opens a Radix select and picks an option, as a keyboard user would. */
async function choose(trigger: HTMLElement, option: string) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ProposedEditor fund', () => {
  it('defaults to the general fund and sends it as no fund', async () => {
    const { dialog, sent } = renderEditor(() => jsonResponse(400, { error: 'stop here' }));
    const select = within(dialog).getByRole('combobox', { name: 'Fund' });
    await vi.waitFor(() => expect(select.textContent).toBe('General Fund'));
    fireEvent.change(within(dialog).getByLabelText('Account description'), { target: { value: 'Paper' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ accountDescription: 'Paper', fundId: null });
  });

  it("sends the chosen grant's id and puts the server's refusal of it under Fund", async () => {
    const outside = "Title I, Part A's grant period (2025-07-01 to 2026-09-30) does not reach FY27";
    const { dialog, sent } = renderEditor(() =>
      jsonResponse(400, {
        error: `fundId: ${outside}`,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'fundId', message: outside }],
      }),
    );
    fireEvent.change(within(dialog).getByLabelText('Account description'), { target: { value: 'Tutors' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '41238' } });
    const select = within(dialog).getByRole('combobox', { name: 'Fund' });
    await choose(select, 'Title I, Part A');
    expect(select.textContent).toBe('Title I, Part A');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    await vi.waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(select)).toBe(outside);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([
      expect.objectContaining({ accountDescription: 'Tutors', amount: 41238, fundId: 9 }),
    ]);
  });

  it("shows an edited line's fund and moves it back to the general fund with fundId null", async () => {
    const line = {
      id: 5,
      fiscalYear: 2026,
      accountDescription: 'Reading tutors',
      amount: 1200,
      name: null,
      accountLine: null,
      deseCode: '2305',
      deseCategories: null,
      buildingId: null,
      categoryId: null,
      notes: null,
      oneTime: false,
      fundId: 9,
    } as ProposedLineItem;
    const { dialog, sent } = renderEditor(() => jsonResponse(400, { error: 'stop here' }), {
      mode: 'edit',
      line,
    });
    const select = within(dialog).getByRole('combobox', { name: 'Fund' });
    await vi.waitFor(() => expect(select.textContent).toBe('Title I, Part A'));
    await choose(select, 'General Fund');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ accountDescription: 'Reading tutors', deseCode: '2305', fundId: null });
  });
});

describe('ProposedEditor amount', () => {
  // QA saw Edit Line Item show '279200': the amount is written as money is in a box elsewhere
  // (formatAmount, '279,200.00'), and saving sends the exact value it was, not a float's rounding.
  it.each([
    [279200, '279,200.00'],
    [45342684.5, '45,342,684.50'],
    [-1234.05, '-1,234.05'],
  ])('shows %s as %s and saves it unchanged', async (amount, shown) => {
    const line = {
      id: 5,
      fiscalYear: 2026,
      accountDescription: 'Teacher salaries',
      amount,
      name: null,
      accountLine: null,
      deseCode: null,
      deseCategories: null,
      buildingId: null,
      categoryId: null,
      notes: null,
      oneTime: false,
      fundId: null,
    } as ProposedLineItem;
    const { dialog, sent } = renderEditor(() => jsonResponse(400, { error: 'stop here' }), {
      mode: 'edit',
      line,
    });
    const box = within(dialog).getByLabelText('Amount') as HTMLInputElement;
    expect(box.value).toBe(shown);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ amount });
  });

  it('reads an amount typed with a dollar sign and thousands commas', async () => {
    const { dialog, sent } = renderEditor(() => jsonResponse(400, { error: 'stop here' }));
    fireEvent.change(within(dialog).getByLabelText('Account description'), { target: { value: 'Roof' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '$1,250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ amount: 1250.5 });
  });
});
