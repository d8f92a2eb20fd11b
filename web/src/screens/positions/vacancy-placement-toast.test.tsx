// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { salaryLinesLockedText } from '@shared/schemas/reconciliation';
import { ToastProvider } from '@web/components/toast';
import { makeUser, storeSession, stubApi } from '@web/test/render';
import { lockedSalaryLines } from '@web/test/salary-lines-locked';
import { VacancyPlacementPanel } from './vacancy-placement-panel';

/**
 * A work group's vacancy step and lane re-price its vacancies, whose cost FY27's salary lines
 * follow until FY27 is voted. Voted, the server's answer carries the locked lines' note
 * (salaryLines) and the Positions screen says it in a toast, as it does after a position write,
 * though the saved row is drawn again (under its new updatedAt) as the placements are read again.
 */
const placement = (step: number | null, updatedAt: string | null) => ({
  workGroupId: 1,
  workGroupName: 'Teachers',
  scheduleId: 1,
  scheduleName: 'Teachers',
  lanes: ['BA', 'MA'],
  topStep: 3,
  step,
  lane: step === null ? null : 'BA',
  updatedAt,
  updatedByName: null,
});

const drift = lockedSalaryLines(-8000);
const note = { ...drift, message: salaryLinesLockedText(drift, true) };

describe('the vacancy placement panel', () => {
  afterEach(cleanup);

  it('says the locked salary lines do not have a saved placement', async () => {
    let saved = false;
    stubApi({
      '/api/positions/vacancy-placement': () =>
        new Response(
          JSON.stringify({
            placements: [saved ? placement(2, '2026-12-01T10:00:00.000Z') : placement(null, null)],
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
      '/api/positions/vacancy-placement/1': () => {
        saved = true;
        return new Response(
          JSON.stringify({ placement: placement(2, '2026-12-01T10:00:00.000Z'), salaryLines: note }),
          { headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    storeSession(makeUser({ role: 'ADMIN' }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <VacancyPlacementPanel canEdit />
        </ToastProvider>
      </QueryClientProvider>,
    );
    for (const [select, option] of [
      ['Vacancy step for Teachers', 'Step 2'],
      ['Vacancy lane for Teachers', 'BA'],
    ]) {
      const trigger = await screen.findByRole('combobox', { name: select });
      fireEvent.keyDown(trigger, { key: 'Enter' });
      fireEvent.click(await screen.findByRole('option', { name: option }));
    }
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save vacancy placement for Teachers' }));
    });
    expect(await screen.findByText('Vacancy placement saved: Teachers')).toBeTruthy();
    expect(screen.getByText(note.message)).toBeTruthy();
    expect(note.message).toContain(
      'this change is not in them. 1 salary line is out of date: they hold $8,000.00 more',
    );
  });
});
