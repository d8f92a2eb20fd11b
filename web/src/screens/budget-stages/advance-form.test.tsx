// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BudgetStage, StageState } from '@shared/schemas/budget-stages';
import { BUDGET_STAGES, STAGE_LABELS } from '@shared/schemas/budget-stages';
import { useBudgetStages } from '@web/api/budget-stages';
import { AdvanceForm } from '@web/screens/budget-stages/stage-forms';
import { jsonResponse, makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';

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
    expect(screen.getByText("On or after Feb 1, 2099 (Superintendent's Recommended)")).toBeTruthy();

    fireEvent.change(date, { target: { value: '2099-01-31' } });
    expect(
      screen.getByText(
        "School Committee Adopted cannot be dated before Superintendent's Recommended (Feb 1, 2099), the stage it follows",
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

/** The screen's part that matters here: the form for the stage after the one the server says. */
function NextStage() {
  const data = useBudgetStages(scope).data;
  return data?.next.stage ? (
    <AdvanceForm scope={scope} current={data.current} next={data.next.stage} nextLabel={data.next.label!} />
  ) : null;
}

describe('After a stage is recorded', () => {
  afterEach(() => vi.useRealTimers());

  /** The server's stages: the year in `stage` since `date`, and what comes next. */
  const stages = (stage: BudgetStage, date: string) => {
    const next = BUDGET_STAGES[BUDGET_STAGES.indexOf(stage) + 1];
    return {
      ...scope,
      current: { stage, date },
      next: { stage: next, label: STAGE_LABELS[next], blocked: null },
      events: [],
      published: null,
    };
  };

  /** Records School Committee Adopted on `voted` with a note; returns the next stage's fields. */
  async function recordAdopted(voted: string) {
    // Only Date is faked: the form's today, in the user's calendar.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 29, 12));
    let state = stages('SUPERINTENDENT_RECOMMENDED', '2026-02-01');
    stubApi({
      '/api/auth/me': { user: admin },
      '/api/budget-years': { budgetYears: [] },
      '/api/budget-stages': () => jsonResponse(200, state),
      '/api/budget-stages/advance': (_url, init) => {
        const body = JSON.parse(String(init.body)) as { stage: BudgetStage; date: string };
        state = stages(body.stage, body.date);
        return jsonResponse(200, state);
      },
    });
    storeSession(admin);
    renderRoutes('/stages', [{ path: 'stages', element: <NextStage /> }]);
    const date = (await screen.findByLabelText('Date of the vote or meeting')) as HTMLInputElement;
    expect(date.value).toBe('2026-11-29');
    fireEvent.change(date, { target: { value: voted } });
    fireEvent.change(screen.getByLabelText('Note (the vote, the meeting)'), {
      target: { value: 'Voted 5-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move to School Committee Adopted' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record School Committee Adopted' }));
    await screen.findByRole('button', { name: 'Move to Town Appropriated' });
    return {
      date: screen.getByLabelText('Date of the vote or meeting') as HTMLInputElement,
      note: screen.getByLabelText('Note (the vote, the meeting)') as HTMLTextAreaElement,
    };
  }

  // QA: after School Committee Adopted dated 12 March 2026, Town Appropriated opened on 03/12/2026.
  it("starts the next stage's form fresh: today's date and no note", async () => {
    const { date, note } = await recordAdopted('2026-03-12');
    expect(date.getAttribute('min')).toBe('2026-03-12');
    expect(date.value).toBe('2026-11-29');
    expect(note.value).toBe('');
    expect(await screen.findByText('FY27 is now School Committee Adopted')).toBeTruthy();
  });

  it('opens on the day just recorded when that is later than today (a vote recorded ahead)', async () => {
    const { date } = await recordAdopted('2026-12-15');
    expect(date.value).toBe('2026-12-15');
    expect(date.getAttribute('min')).toBe('2026-12-15');
  });
});

describe("The form's today", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    // Assigning undefined would set the text 'undefined'.
    if (zone === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = zone;
    }
  });

  // At 9:30 pm in Massachusetts the UTC day (toISOString) is already tomorrow.
  it("is the user's calendar day, not UTC's", async () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T02:30:00Z'));
    const { date } = await renderForm(
      { stage: 'SUPERINTENDENT_RECOMMENDED', date: '2026-02-01' },
      'SCHOOL_COMMITTEE_ADOPTED',
      'School Committee Adopted',
    );
    expect(date.value).toBe('2026-11-29');
  });
});
