// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BudgetYearProvider } from '@web/budget-year/budget-year-context';
import { formatDateTime } from '@web/lib/format';
import { makeUser, renderRoutes, storeSession, stubApi } from '@web/test/render';
import { BudgetStagesScreen } from './index';

// QA found Budget Stages writing dates three ways ('12 March 2027' for a vote, '11/30/2026, 12:11:57
// PM' for when it was recorded) where the Public Dashboard's Publish panel writes 'Mar 12, 2027' and
// 'Dec 1, 2026, 3:00 PM' (the app's formatDay and formatDateTime); and its own words naming one
// thing two ways: 'FY27 now' over 'Close FY2027', a 'copy' of the lines where the app says
// snapshot, 'a draft' for the stage named Draft. The Publish panel's test asserts the same caption.

const admin = makeUser({ abilities: { 'budgetStages.manage': true } });
const fy26 = { id: 2, fiscalYear: 'FY26', name: 'FY26 Budget', notes: null, currentFiscalYear: 2027 };
const RECORDED_AT = '2026-11-30T12:11:57.675Z';
const totals = {
  proposedTotal: 49024537.55,
  proposedCount: 190,
  employeeCount: 495,
  salaryTotal: 36174566.65,
  nextYearSalaryTotal: 37567937.92,
};
const advance = (id: number, stage: string, stageLabel: string, date: string) => ({
  id,
  event: 'advance',
  stage,
  stageLabel,
  date,
  note: null,
  createdBy: 'Avery Admin',
  createdAt: RECORDED_AT,
  totals,
  lineCount: 685,
});

/** FY2027 voted by the committee (the server's caption written as the server writes it). */
const adopted = {
  budgetYearId: 2,
  fiscalYear: 2027,
  current: {
    stage: 'SCHOOL_COMMITTEE_ADOPTED',
    stageLabel: 'School Committee Adopted',
    date: '2027-03-12',
    reopened: false,
    closed: false,
    closedBy: null,
    locked: true,
    caption: 'School Committee Adopted, voted Mar 12, 2027',
  },
  next: { stage: 'TOWN_APPROPRIATED', label: 'Town Appropriated', blocked: null },
  events: [
    advance(1, 'SUPERINTENDENT_RECOMMENDED', "Superintendent's Recommended", '2027-02-01'),
    advance(2, 'SCHOOL_COMMITTEE_ADOPTED', 'School Committee Adopted', '2027-03-12'),
  ],
  published: null,
};

const draft = {
  ...adopted,
  current: {
    ...adopted.current,
    stage: 'DRAFT',
    stageLabel: 'Draft',
    date: null,
    locked: false,
    caption: 'Draft',
  },
  next: { stage: 'SUPERINTENDENT_RECOMMENDED', label: "Superintendent's Recommended", blocked: null },
  events: [],
};

function renderScreen(stages: object) {
  storeSession(admin);
  stubApi({
    '/api/auth/me': { user: admin },
    '/api/budget-years': { budgetYears: [fy26], districtName: null, homes: [], budgetYearsWithLines: [2] },
    '/api/line-items/fiscal-years': { fiscalYears: [2027], withLines: [2027] },
    '/api/budget-stages': stages,
  });
  renderRoutes('/budget-stages', [
    {
      path: 'budget-stages',
      element: (
        <BudgetYearProvider>
          <BudgetStagesScreen />
        </BudgetYearProvider>
      ),
    },
  ]);
}

describe('Budget Stages: one way to write a date, one name for each thing', () => {
  it('writes a stage date as Mar 12, 2027 and when it was recorded as the app writes a time', async () => {
    renderScreen(adopted);
    const caption = await screen.findByTestId('stage-caption');
    expect(caption.textContent).toBe('School Committee Adopted, voted Mar 12, 2027');

    const history = screen.getByRole('heading', { name: 'History' }).closest('section')!;
    const items = within(history).getAllByRole('listitem');
    // Newest first: the vote, then the recommendation.
    expect(items[0].querySelector('.stage-history__date')?.textContent).toBe('Mar 12, 2027');
    expect(items[1].querySelector('.stage-history__date')?.textContent).toBe('Feb 1, 2027');
    const recorded = items[0].querySelector('.stage-history__by')?.textContent;
    expect(recorded).toBe(`Recorded by Avery Admin, ${formatDateTime(RECORDED_AT)}`);
    expect(recorded).toMatch(/^Recorded by Avery Admin, Nov 30, 2026, \d{1,2}:\d{2}\s[AP]M$/);

    // The next stage's date field says the same date the same way.
    expect(screen.getByText('On or after Mar 12, 2027 (School Committee Adopted)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date of the vote or meeting'), {
      target: { value: '2027-03-11' },
    });
    expect(
      screen.getByText(
        'Town Appropriated cannot be dated before School Committee Adopted (Mar 12, 2027), the stage it follows',
      ),
    ).toBeTruthy();
  });

  it('names the fiscal year as its heading does, and the frozen lines a snapshot', async () => {
    renderScreen(adopted);
    expect((await screen.findByRole('heading', { name: 'FY27 now' })).textContent).toBe('FY27 now');
    expect(screen.getByRole('button', { name: 'Close FY27' })).toBeTruthy();
    expect(screen.queryByText(/FY2027/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Move to Town Appropriated' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'This freezes a snapshot of every line of FY27 as it is now and locks the lines until an administrator reopens the year. Record it?',
    );
  });

  it('calls a year with no stage recorded by the stage’s own name, Draft', async () => {
    renderScreen(draft);
    expect(await screen.findByText('No stage recorded yet: the year is Draft.')).toBeTruthy();
    expect(screen.getByTestId('stage-caption').textContent).toBe('Draft');
  });
});
