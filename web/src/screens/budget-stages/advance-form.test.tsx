// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BudgetStage, StageState } from '@shared/schemas/budget-stages';
import { AdvanceForm } from '@web/screens/budget-stages/stage-forms';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

const admin = makeUser();
const scope = { budgetYearId: 3, fiscalYear: 2027 };

/** The form for the stage after `current`; returns its date field and the URLs asked for. */
async function renderForm(current: Pick<StageState, 'stage' | 'date'>, next: BudgetStage, nextLabel: string) {
  const asked = stubApi({ '/api/auth/me': { user: admin }, '/api/budget-years': { budgetYears: [] } });
  storeSession(admin);
  renderRoutes('/stages', [
    {
      path: 'stages',
      element: <AdvanceForm scope={scope} current={current} next={next} nextLabel={nextLabel} />,
    },
  ]);
  const date = (await screen.findByLabelText('Date of the vote or meeting')) as HTMLInputElement;
  const move = screen.getByRole('button', { name: `Move to ${nextLabel}` }) as HTMLButtonElement;
  return { date, move, asked };
}

describe('Record the next stage', () => {
  // A stage was accepted dated before the one it followed.
  it('says a date before the stage it follows is refused, and sends nothing', async () => {
    const { date, move, asked } = await renderForm(
      { stage: 'SUPERINTENDENT_RECOMMENDED', date: '2099-02-01' },
      'SCHOOL_COMMITTEE_ADOPTED',
      'School Committee Adopted',
    );
    // It opens on the day the year's stage is dated when that is later than today.
    expect(date.value).toBe('2099-02-01');
    expect(date.getAttribute('min')).toBe('2099-02-01');
    expect(screen.getByText("On or after 1 February 2099 (Superintendent's Recommended)")).toBeTruthy();

    fireEvent.change(date, { target: { value: '2099-01-31' } });
    expect(
      screen.getByText(
        "School Committee Adopted cannot be dated before Superintendent's Recommended (1 February 2099), the stage it follows",
      ),
    ).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(move.disabled).toBe(true);
    fireEvent.click(move);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(asked.filter((url) => url.includes('/budget-stages'))).toEqual([]);

    fireEvent.change(date, { target: { value: '2099-02-01' } });
    fireEvent.click(move);
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeTruthy());
  });

  // A Draft's date is the day its snapshot was taken (an adoption, a roll forward): the meeting a
  // clerk records after it may have been held before.
  it('lets the stage after a recorded Draft be dated any day', async () => {
    const { date, move } = await renderForm(
      { stage: 'DRAFT', date: '2099-02-01' },
      'SUPERINTENDENT_RECOMMENDED',
      "Superintendent's Recommended",
    );
    expect(date.getAttribute('min')).toBeNull();
    fireEvent.change(date, { target: { value: '2026-01-15' } });
    expect(screen.getByText('The day it happened')).toBeTruthy();
    expect(move.disabled).toBe(false);
  });
});
