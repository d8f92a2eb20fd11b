// What prices a vacancy, in the position form: its step and lane's choices, and the roster's rate.
import { rosterRateText } from '@shared/placement-words';
import { Button } from '@web/components/form/button';

/** The choices of a picker, with the value the position has even when the schedule lacks it. */
export function withCurrent(choices: string[], current: string): string[] {
  return current === '' || choices.includes(current) ? choices : [...choices, current];
}

/** Steps 1 to the schedule's top step (and the position's own, should it lie beyond). */
export function stepChoices(topStep: number, current: string): string[] {
  return withCurrent(
    Array.from({ length: topStep }, (_, i) => String(i + 1)),
    current,
  );
}

/**
 * The rate of the roster a vacancy was imported from (its row's salary as a full-time rate), which
 * prices it while no step and lane are set on it. Clearing it (on save: vacancyRate null) lets the
 * step and lane price it: the work group's vacancy placement unless the position sets its own.
 * Shown only for a position read with a rate (`rate`, decimal text); `cleared` is the form's value
 * ('' once cleared).
 */
export function PositionRosterRate(props: {
  rate: string;
  cleared: boolean;
  readOnly: boolean;
  onChange(cleared: boolean): void;
}) {
  const { rate, cleared, readOnly, onChange } = props;
  return (
    <fieldset className="position-funds field--full">
      <legend>Roster rate</legend>
      <div className="position-funds__whole">
        <span id="pos-rate-note" aria-live="polite">
          {cleared
            ? 'Cleared when you save: the vacancy step and lane price it (the work group’s unless set here).'
            : `${rosterRateText(rate)}, from the roster it was imported from: it prices this vacancy unless a step and lane are set here.`}
        </span>
        {readOnly ? null : (
          <Button id="pos-rate-clear" aria-describedby="pos-rate-note" onClick={() => onChange(!cleared)}>
            {cleared ? 'Keep Roster Rate' : 'Clear Roster Rate'}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/** The step picker's 'none' choice: the roster's rate while the position has one, else the work group's. */
export function defaultStepLabel(
  rosterRate: boolean,
  step: number | null | undefined,
  lane: string | null | undefined,
) {
  if (rosterRate) {
    return 'Roster rate (no step)';
  }
  return step != null ? `Work group's (step ${step} / ${lane})` : "Work group's (none set)";
}
