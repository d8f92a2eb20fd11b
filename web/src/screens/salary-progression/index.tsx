import { useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { useSalaryProgression } from '@web/api/salary-progression';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { EmptyState } from '@web/components/empty-state';
import { ExportButton } from '@web/components/export-button';
import { Button } from '@web/components/form/button';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { PageHeader } from '@web/components/page-header';
import { SALARY_PROGRESSION_LIMITS } from '@shared/schemas/line-items';
import { IncreaseExplainer } from './increase-explainer';
import { PersonCard } from './person-card';
import { progressionSheet } from './workbook';
import './salary-progression.css';

/** The position filter starts at Teacher and the list at 10 people. */
const DEFAULT_POSITION = 'Teacher';
const DEFAULT_LIMIT = 10;

/**
 * Salary Progression Analysis: how each person's salary moves year by year
 * and how much of each move is COLA and how much steps and lanes, to check the rule by hand.
 */
export function SalaryProgressionScreen() {
  const { selected } = useBudgetYear();
  const [position, setPosition] = useState(DEFAULT_POSITION);
  const [typed, setTyped] = useState(DEFAULT_POSITION);
  const [limit, setLimit] = useState(DEFAULT_LIMIT);
  const progression = useSalaryProgression({ position, limit, budgetYearId: selected?.id });
  const people = progression.data?.progressions ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPosition(typed.trim() || DEFAULT_POSITION);
  };

  return (
    <>
      <PageHeader
        title="Salary Progression Analysis"
        subtitle="Each person’s salary year by year, with the COLA and the steps and lanes that moved it."
      />
      <form className="progression-filters" onSubmit={submit} aria-label="Filter people">
        <div className="field">
          <label htmlFor="progression-position">Position</label>
          <div className="input-group">
            <input
              id="progression-position"
              className="input"
              value={typed}
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
            />
            <Button type="submit">Show</Button>
          </div>
        </div>
        <div className="field">
          <label htmlFor="progression-limit">People</label>
          <Select
            id="progression-limit"
            value={String(limit)}
            onValueChange={(v) => setLimit(Number(v))}
            options={SALARY_PROGRESSION_LIMITS.map((n) => ({ value: String(n), label: String(n) }))}
          />
        </div>
      </form>
      <IncreaseExplainer people={people} budgetYear={selected ?? null} />
      {progression.isPending ? <Spinner label="Loading salary progression..." /> : null}
      {progression.isError ? (
        <Alert title="Failed to load salary progression">
          {errorMessage(progression.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      {progression.isSuccess && people.length === 0 ? (
        <EmptyState title={`No one with the position “${position}”`}>
          <p>Try another position, such as Teacher or Paraprofessional.</p>
        </EmptyState>
      ) : null}
      {people.length > 0 ? (
        <>
          <div className="progression-count-row">
            <p className="progression-count" role="status">
              {people.length} {people.length === 1 ? 'person' : 'people'} with the position “{position}”
            </p>
            <ExportButton
              sheets={() => [progressionSheet(people, position)]}
              fileName={`salary-progression-${position}.xlsx`}
            />
          </div>
          <div className="progression-grid">
            {people.map((p, i) => (
              <PersonCard key={`${p.name}-${i}`} person={p} index={i} />
            ))}
          </div>
        </>
      ) : null}
    </>
  );
}
