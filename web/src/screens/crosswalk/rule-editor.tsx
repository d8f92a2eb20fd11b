import { useState, type FormEvent } from 'react';
import { MATCH_TYPE_LABELS, MATCH_TYPES } from '@shared/schemas/crosswalk';
import { errorMessage } from '@web/api/client';
import { useSaveRule, type CrosswalkRule, type CrosswalkYear, type MatchType } from '@web/api/crosswalk';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';
import {
  givesSomething,
  idOrNull,
  NONE,
  pickerOptions,
  type RuleChoices,
  type RuleValues,
} from '@web/components/crosswalk/choices';

const PATTERN_HINTS: Record<MatchType, string> = {
  exact: 'The job title as the payroll writes it (case and spaces are ignored).',
  glob: '* stands for any characters, ? for one: "Teacher*" matches every title starting with Teacher.',
  regex: 'A regular expression, e.g. ^(Para|Aide)',
};

/**
 * Adds or changes one rule. The server checks the pattern against the year's lines (a pattern that
 * is invalid or matches nothing is refused) and its message is shown here as it is.
 */
export function RuleEditor({
  rule,
  year,
  choices,
  onClose,
}: {
  /** null: a new rule. */
  rule: CrosswalkRule | null;
  year: CrosswalkYear;
  choices: RuleChoices;
  onClose(saved: string | null): void;
}) {
  const save = useSaveRule(year);
  const [matchType, setMatchType] = useState<MatchType>(rule?.matchType ?? 'exact');
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [note, setNote] = useState(rule?.note ?? '');
  const [values, setValues] = useState<RuleValues>({
    workGroupId: rule?.workGroupId ?? null,
    categoryId: rule?.categoryId ?? null,
    deseCode: rule?.deseCode ?? null,
    fundId: rule?.fundId ?? null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const o = pickerOptions(choices, values);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pattern.trim()) {
      setProblem('Write the job title or a pattern');
      return;
    }
    if (!givesSomething(values)) {
      setProblem('Choose a work group, a category, a DESE function code or a fund for the rule to give');
      return;
    }
    setProblem(null);
    save.mutate(
      {
        id: rule?.id ?? null,
        rule: { matchType, pattern: pattern.trim(), ...values, note: note.trim() || null },
      },
      {
        onSuccess: () =>
          onClose(rule ? `Rule for '${pattern.trim()}' saved` : `Rule for '${pattern.trim()}' added`),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose(null))}
      title={rule ? 'Edit Crosswalk Rule' : 'Add Crosswalk Rule'}
      description="Lines change only when the rules are applied."
    >
      <form className="form-grid" onSubmit={submit} noValidate>
        {problem ? (
          <div className="field--full">
            <Alert>{problem}</Alert>
          </div>
        ) : null}
        {save.isError ? (
          <div className="field--full">
            <Alert title="The rule was not saved">{errorMessage(save.error, 'Saving the rule failed')}</Alert>
          </div>
        ) : null}
        <Field id="cw-match" label="Match by" required>
          {(control) => (
            <Select
              {...control}
              value={matchType}
              options={MATCH_TYPES.map((m) => ({ value: m, label: MATCH_TYPE_LABELS[m] }))}
              onValueChange={(v) => setMatchType(v as MatchType)}
            />
          )}
        </Field>
        <Field
          id="cw-pattern"
          label="Job title or pattern"
          required
          value={pattern}
          hint={PATTERN_HINTS[matchType]}
          onChange={(e) => setPattern(e.target.value)}
        />
        <Field id="cw-wg" label="Work group">
          {(control) => (
            <Select
              {...control}
              value={values.workGroupId === null ? NONE : String(values.workGroupId)}
              options={o.workGroup}
              onValueChange={(v) => setValues({ ...values, workGroupId: idOrNull(v) })}
            />
          )}
        </Field>
        <Field id="cw-cat" label="Category (personnel)">
          {(control) => (
            <Select
              {...control}
              value={values.categoryId === null ? NONE : String(values.categoryId)}
              options={o.category}
              onValueChange={(v) => setValues({ ...values, categoryId: idOrNull(v) })}
            />
          )}
        </Field>
        <Field id="cw-dese" label="DESE function code">
          {(control) => (
            <Select
              {...control}
              value={values.deseCode ?? NONE}
              options={o.deseCode}
              onValueChange={(v) => setValues({ ...values, deseCode: v === NONE ? null : v })}
            />
          )}
        </Field>
        <Field
          id="cw-fund"
          label="Fund"
          hint="Pays the title's lines when an imported payroll row names no fund. Staff already on file are paid through their positions."
        >
          {(control) => (
            <Select
              {...control}
              value={values.fundId == null ? NONE : String(values.fundId)}
              options={o.fund}
              onValueChange={(v) => setValues({ ...values, fundId: idOrNull(v) })}
            />
          )}
        </Field>
        <Field id="cw-note" label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
        <div className="form-actions field--full">
          <Button onClick={() => onClose(null)}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving...">
            {rule ? 'Save Rule' : 'Add Rule'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
