import type { SalaryDistribution } from '@web/api/dashboard';
import { BLUES, SalaryCard, TEALS } from '@web/components/budget-cards/salary-card';
import type { CardStatus } from '@web/components/charts/chart-card';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { noStaffText, salaryCounted } from './staff-source';
import { excludedNote } from './year-state';

const n = (v: number) => v.toLocaleString('en-US');

/**
 * What a salary donut says under its chart (note) and, with no range to draw, instead of it
 * (emptyText), from the server's answer: a year with neither employee lines nor a roster says so; a
 * year whose every range holds fewer than minRangeCount people says they are hidden, and how many;
 * a year with no one of the role says whose figures it looked in. QA: an empty card read '0 teachers
 * by salary range' over a note that ranges of fewer than 5 people are not shown.
 */
export function salaryCardWords(
  who: string,
  key: 'teachers' | 'paras',
  data: SalaryDistribution | undefined,
  fiscalYear: number,
): { note: string; emptyText?: string } {
  if (!data) {
    return { note: '' };
  }
  const fy = fiscalYearLabel(fiscalYear);
  if (data.source === 'none') {
    return { note: '', emptyText: noStaffText(fiscalYear) };
  }
  const excluded = data.excluded[key];
  if (data[key].length > 0) {
    return { note: excludedNote(who, excluded, data.minRangeCount, fy, data) };
  }
  const note = salaryCounted(who, fy, data) ?? '';
  if (excluded > 0) {
    const one = excluded === 1 ? who.replace(/s$/, '') : who;
    return {
      note,
      emptyText: `No range to show: every range holds fewer than ${data.minRangeCount} people (${n(excluded)} ${one} in all), and such ranges are hidden so that no one's pay can be told.`,
    };
  }
  const where =
    data.source === 'roster' && data.roster
      ? `among the ${fiscalYearLabel(data.roster.fiscalYear)} roster's position holders`
      : `in ${fy}'s employee lines`;
  return { note, emptyText: `No ${who} ${where}.` };
}

interface SalaryCardsProps {
  salaries: SalaryDistribution | undefined;
  status: CardStatus;
  fiscalYear: number;
}

/** The dashboard's two salary donuts, teachers and paraeducators, worded by salaryCardWords. */
export function SalaryCards({ salaries, status, fiscalYear }: SalaryCardsProps) {
  const teachers = salaryCardWords('teachers', 'teachers', salaries, fiscalYear);
  const paras = salaryCardWords('paraeducators', 'paras', salaries, fiscalYear);
  return (
    <>
      <SalaryCard
        status={status}
        title="Teacher Salaries"
        who="teachers"
        ranges={salaries?.teachers ?? []}
        note={teachers.note}
        emptyText={teachers.emptyText}
        colors={BLUES}
      />
      <SalaryCard
        status={status}
        title="Paraeducator Salaries"
        who="paraeducators"
        ranges={salaries?.paras ?? []}
        note={paras.note}
        emptyText={paras.emptyText}
        colors={TEALS}
      />
    </>
  );
}
