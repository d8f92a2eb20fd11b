// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScheduleDetail } from '@web/api/salary-schedules';
import { ScheduleGrid } from '@web/components/salary-schedules/schedule-grid';

const lanes = ['Bach', 'B+15', 'B+30', 'Masters', 'M+15', 'M+30', 'M+45', 'M+60', 'M+75', 'Doctorate'];
const detail: ScheduleDetail = {
  schedule: {
    id: 1,
    name: 'lunenburg_teacher_salary_schedule_fy25_fy27',
    workGroupId: 1,
    workGroup: 'Teachers',
    lanes,
    fiscalYears: [2025],
    steps: 1,
    printedCola: { '2025': 2.5 },
    sourceFileName: 'lunenburg_teacher_salary_schedule_fy25_fy27.csv',
    placedCount: 0,
    confirmedCount: 0,
  },
  amounts: lanes.map((lane, i) => ({ fiscalYear: 2025, step: 1, lane, amount: 50790 + i * 2000 })),
};

describe('a salary schedule grid on a phone', () => {
  it('keeps the printed-COLA note outside the lanes that scroll sideways, wrapping a long name', () => {
    render(<ScheduleGrid detail={detail} />);
    const note = screen.getByText(/printed with a 2\.5% COLA/);
    // Inside the scrolling group (a table caption is as wide as the ten lanes) a phone shows only
    // the start of the schedule's name and the note is out of sight to the right.
    const scroller = screen.getByRole('group', { name: /lunenburg_teacher_salary_schedule_fy25_fy27, FY25/ });
    expect(scroller.contains(note)).toBe(false);
    expect(note.className).toContain('schedule-grid__note');
    // The table still names itself for a screen reader.
    expect(
      screen.getByRole('table', { name: /lunenburg_teacher_salary_schedule_fy25_fy27, FY25/ }),
    ).toBeTruthy();
  });
});
