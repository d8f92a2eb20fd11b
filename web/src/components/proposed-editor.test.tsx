// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProposedEditor } from '@web/components/proposed-editor';
import { describedText, jsonResponse, makeUser, renderRoutes, storeSession } from '@web/test/render';

const admin = makeUser();

function renderEditor(answer: () => Response) {
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
      if (method === 'POST' && url === '/api/line-items') {
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
      element: (
        <ProposedEditor
          target={{ mode: 'add', budgetYearId: 2, fiscalYear: 2027 }}
          onClose={() => {}}
          onSaved={() => {}}
        />
      ),
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
