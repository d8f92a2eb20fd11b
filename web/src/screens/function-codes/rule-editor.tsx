import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { RULE_KIND_LABELS, RULE_KINDS, type RuleKind } from '@shared/schemas/function-codes';
import { useDeseCodes } from '@web/api/budget-categories';
import { errorMessage } from '@web/api/client';
import { useSaveRule, type FunctionCodeRule, type RuleBody } from '@web/api/function-codes';
import { useFunds } from '@web/api/funds';
import { useCategories, useWorkGroups } from '@web/api/lookups';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { DeseCodeSelect } from '@web/components/dese-code-select';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';
import { FormActions } from '@web/components/form/form-actions';

interface RuleEditorProps {
  /** The rule being edited, or null for a new one; undefined keeps the dialog closed. */
  rule: FunctionCodeRule | null | undefined;
  onClose(): void;
  onSaved(message: string): void;
}

const MATCH_HINT: Partial<Record<RuleKind, string>> = {
  position: 'A title as the payroll writes it, or a pattern: * for any characters, ? for one (Teacher*).',
  account: 'A ledger account, or a pattern such as 0100-3-300-4220-* (* any characters, ? one).',
};

// Radix Select items cannot have the value '': 'no fund' travels as this.
const NO_FUND = 'none';

/** The form's body for the server, which checks it again (the code against DESE's chart, the overlap). */
function bodyOf(
  kind: RuleKind,
  target: string,
  match: string,
  code: string,
  fund: string,
  note: string,
): RuleBody {
  const rest = {
    functionCode: code,
    fundId: fund === NO_FUND ? null : Number(fund),
    note: note.trim() || null,
  };
  switch (kind) {
    case 'category':
      return { kind, categoryId: Number(target), ...rest };
    case 'workGroup':
      return { kind, workGroupId: Number(target), ...rest };
    default:
      return { kind, match, ...rest };
  }
}

/** Adds or edits one function-code rule; the server's refusal (bad code, two codes for a line) shows as said. */
export function RuleEditor({ rule, onClose, onSaved }: RuleEditorProps) {
  const categories = useCategories();
  const workGroups = useWorkGroups();
  // A rule codes the lines of the year being budgeted, and of imports to come: that year's codes in force.
  const budgetYear = useBudgetYear().selected;
  const codes = useDeseCodes(rule !== undefined, budgetYear?.currentFiscalYear ?? undefined);
  const save = useSaveRule();
  const funds = useFunds(rule !== undefined);
  const [kind, setKind] = useState<RuleKind>('category');
  const [target, setTarget] = useState('');
  const [match, setMatch] = useState('');
  const [code, setCode] = useState('');
  const [fund, setFund] = useState(NO_FUND);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (rule === undefined) {
      return;
    }
    setKind(rule?.kind ?? 'category');
    setTarget(String(rule?.categoryId ?? rule?.workGroupId ?? ''));
    setMatch(rule?.match ?? '');
    setCode(rule?.functionCode ?? '');
    setFund(rule?.fundId ? String(rule.fundId) : NO_FUND);
    setNote(rule?.note ?? '');
    setProblem(null);
  }, [rule]);

  const targets = useMemo(
    () =>
      kind === 'category'
        ? (categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))
        : (workGroups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
    [kind, categories.data, workGroups.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const picks = kind === 'category' || kind === 'workGroup';
    if (picks && !target) {
      setProblem(`Choose a ${RULE_KIND_LABELS[kind].toLowerCase()}`);
      return;
    }
    if (!picks && !match.trim()) {
      setProblem(
        kind === 'position' ? 'Write the position title or pattern' : 'Write the account or pattern',
      );
      return;
    }
    if (!code) {
      setProblem('Choose a DESE function code');
      return;
    }
    save.mutate(
      { id: rule?.id ?? null, body: bodyOf(kind, target, match, code, fund, note) },
      {
        onSuccess: ({ rule: saved }) =>
          onSaved(`${rule ? 'Saved' : 'Added'} rule: ${saved.target} → ${saved.functionCode}`),
        onError: (err) => setProblem(errorMessage(err, 'The rule could not be saved')),
      },
    );
  };

  return (
    <Modal
      open={rule !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={rule ? 'Edit Function-Code Rule' : 'Add Function-Code Rule'}
      description="Lines the rule reaches get its DESE function code when the rules are applied and at later imports."
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {problem ? <Alert title="The rule was not saved">{problem}</Alert> : null}
        <Field id="rule-kind" label="Rule by">
          {(control) => (
            <Select
              {...control}
              value={kind}
              options={RULE_KINDS.map((k) => ({ value: k, label: RULE_KIND_LABELS[k] }))}
              onValueChange={(v) => {
                setKind(v as RuleKind);
                setTarget('');
                setProblem(null);
              }}
            />
          )}
        </Field>
        {kind === 'category' || kind === 'workGroup' ? (
          <Field id="rule-target" label={RULE_KIND_LABELS[kind]} required>
            {(control) => (
              <Select
                {...control}
                value={target}
                placeholder={`Choose a ${RULE_KIND_LABELS[kind].toLowerCase()}`}
                options={targets}
                onValueChange={setTarget}
              />
            )}
          </Field>
        ) : (
          <Field
            id="rule-match"
            label={kind === 'position' ? 'Position title or pattern' : 'Account or pattern'}
            hint={MATCH_HINT[kind]}
            required
            value={match}
            autoComplete="off"
            onChange={(e) => setMatch(e.target.value)}
          />
        )}
        <Field id="rule-code" label="DESE function code" required>
          {(control) => (
            <DeseCodeSelect
              {...control}
              value={code}
              codes={codes.data?.codes ?? []}
              emptyLabel={codes.isPending ? 'Loading...' : 'Choose a code'}
              onChange={setCode}
            />
          )}
        </Field>
        <Field
          id="rule-fund"
          label="Fund"
          hint="Pays the budget lines the rule reaches that are on the general fund with no fund named for them. Employees are paid through their positions."
        >
          {(control) => (
            <Select
              {...control}
              value={fund}
              options={[
                { value: NO_FUND, label: 'No fund (leave the lines’ funds alone)' },
                ...(funds.data?.funds ?? []).map((f) => ({
                  value: String(f.id),
                  label: `${f.name} (${f.code})`,
                })),
              ]}
              onValueChange={setFund}
            />
          )}
        </Field>
        <Field
          id="rule-note"
          label="Note"
          hint="Why this code (optional)."
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
        <FormActions onCancel={onClose} busy={save.isPending} submitLabel={rule ? 'Save Rule' : 'Add Rule'} />
      </form>
    </Modal>
  );
}
