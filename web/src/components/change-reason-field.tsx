import { useBudgetStages } from '@web/api/budget-stages';
import { Field } from '@web/components/form/field';

/**
 * Where a line's year stands, for its editor: once the year has passed a budget stage, an edit
 * may say why (`changeReason`, kept in the line's history and shown by the Stage Comparison).
 * Asked only while editing an existing line (`line` null otherwise).
 */
export function useStagePassed(line: { budgetYearId: number; fiscalYear: number } | null) {
  const stages = useBudgetStages(
    line ? { budgetYearId: line.budgetYearId, fiscalYear: line.fiscalYear } : null,
  );
  const data = stages.data;
  return {
    passed: Boolean(data && data.events.length > 0),
    caption: data?.current.caption ?? null,
  };
}

/** The body's changeReason: what was typed, or nothing when the box is empty (the reason is optional). */
export function withChangeReason<T extends object>(body: T, reason: string, passed: boolean) {
  return passed && reason.trim() ? { ...body, changeReason: reason } : body;
}

/** 'Reason for the change': optional, up to 2,000 characters, shown once the year has passed a stage. */
export function ChangeReasonField({
  id,
  value,
  onValueChange,
  error,
  caption,
}: {
  id: string;
  value: string;
  onValueChange(value: string): void;
  error?: string;
  caption: string | null;
}) {
  return (
    <Field
      id={id}
      label="Reason for the change"
      full
      error={error}
      hint={`${caption ? `This year is ${caption}. ` : ''}Optional: the Stage Comparison shows it beside this line's change.`}
    >
      {(control) => (
        <textarea
          {...control}
          className="input"
          rows={2}
          maxLength={2000}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </Field>
  );
}
