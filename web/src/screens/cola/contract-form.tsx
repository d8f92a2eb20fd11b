import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '@web/api/client';
import {
  useContracts,
  useSaveContract,
  type Contract,
  type ContractSaved,
  type ContractStatus,
} from '@web/api/cola';
import { useWorkGroups } from '@web/api/work-groups';
import { Alert } from '@web/components/alert';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';
import { fiscalYearLabel } from '@shared/budget-math';
import { CONTRACT_STATUSES } from '@shared/schemas/common';
import {
  checkContract,
  draftFrom,
  draftYears,
  errorField,
  NO_SUPERSEDES,
  noRowsHint,
  STATUS_LABELS,
  supersedeCandidates,
  type ContractDraft,
  type ContractErrors,
  type RateDraft,
  yearsError,
} from './contract-rules';
import { FormActions } from '@web/components/form/form-actions';

const SUPERSEDED_MEANS = 'It is kept, marked superseded, and its COLA no longer counts in any year.';

/** Why the Supersedes choice is offered: which settled contracts share the years. */
function supersedesHint(candidates: readonly Contract[]): string {
  if (!candidates.length) {
    return `The contract this one replaces. ${SUPERSEDED_MEANS}`;
  }
  const names = candidates.map((c) => `“${c.name}”`).join(' and ');
  return `${names} ${candidates.length === 1 ? 'is' : 'are'} settled for some of these years, and two settled contracts cannot cover the same year: choose the one this contract replaces. ${SUPERSEDED_MEANS}`;
}

interface ContractFormProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The contract being edited; null creates one. */
  contract: Contract | null;
  onSaved(result: ContractSaved, created: boolean): void;
}

/**
 * Creates or edits a contract: one COLA row per fiscal year from the
 * start to the end year, and a settlement date only while the status is SETTLED.
 */
export function ContractForm({ open, onOpenChange, contract, onSaved }: ContractFormProps) {
  const save = useSaveContract();
  const workGroups = useWorkGroups(open);
  const contracts = useContracts();
  const [draft, setDraft] = useState<ContractDraft>(() => draftFrom(contract));
  const [errors, setErrors] = useState<ContractErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const failure = contract ? 'Failed to update contract' : 'Failed to create contract';

  useEffect(() => {
    if (open) {
      setDraft(draftFrom(contract));
      setErrors({});
      setFormError(null);
    }
  }, [open, contract]);

  const years = draftYears(draft);
  // Said while the years are the wrong way round, not only on a save; the rows typed are kept.
  const spanError = yearsError(draft);
  const set = <K extends keyof ContractDraft>(field: K, value: ContractDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // The two years make one span: a change to either clears what a save said of it.
    const cleared =
      field === 'startYear' ? { startYear: undefined, endYear: undefined } : { [field]: undefined };
    setErrors((e) => ({ ...e, ...cleared }));
  };
  const setRate = (fy: number, patch: Partial<RateDraft>) => {
    setDraft((d) => ({
      ...d,
      rates: { ...d.rates, [fy]: { ...(d.rates[fy] ?? { colaPercentage: '', notes: '' }), ...patch } },
    }));
    setErrors((e) => ({ ...e, [`cola-${fy}`]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkContract(draft);
    setErrors(checked.errors);
    setFormError(checked.message);
    if (!checked.body) {
      return;
    }
    save.mutate(
      { id: contract?.id ?? null, body: checked.body },
      {
        onSuccess: (result) => {
          onSaved(result, contract === null);
          onOpenChange(false);
        },
        onError: (err) => {
          const details = err instanceof ApiError && Array.isArray(err.details) ? err.details : [];
          const placed: ContractErrors = {};
          for (const d of details as { path?: string; message?: string }[]) {
            const field = errorField(String(d.path ?? ''), years);
            if (field && d.message) {
              placed[field] ??= d.message;
            }
          }
          setErrors(placed);
          // A refusal about a field is said once, under that field (the overlap message was shown
          // twice, here and there); the banner only says the save failed and where to look.
          const reason = Object.keys(placed).length ? 'see the field marked below' : errorMessage(err, '');
          setFormError(reason ? `${failure}: ${reason}` : failure);
        },
      },
    );
  };

  const groupOptions = (workGroups.data?.workGroups ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
  }));
  const all = contracts.data?.contracts ?? [];
  // A superseded contract replaces nothing (the server refuses it too).
  const candidates = contract?.supersededBy ? [] : supersedeCandidates(all, draft, contract?.id ?? null);
  const chosen = all.find((c) => String(c.id) === draft.supersedesContractId);
  const supersedeOptions = [
    { value: NO_SUPERSEDES, label: 'No contract' },
    ...[...candidates, ...(chosen && !candidates.includes(chosen) ? [chosen] : [])].map((c) => ({
      value: String(c.id),
      label: `${c.name} (${fiscalYearLabel(c.startYear)}–${fiscalYearLabel(c.endYear)})`,
    })),
  ];
  // Offered when settling over a settled contract of the same years, or to show a choice or a refusal.
  const showSupersedes =
    draft.status !== 'NEGOTIATING' &&
    (candidates.length > 0 ||
      draft.supersedesContractId !== NO_SUPERSEDES ||
      Boolean(errors.supersedesContractId));
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={contract ? 'Edit Contract' : 'New Contract'}
      description="A bargaining unit's agreement and its cost-of-living increase for each fiscal year."
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {formError ? <Alert title={formError}>{null}</Alert> : null}
        <div className="form-row">
          <Field
            id="contract-name"
            label="Contract name"
            required
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <Field id="contract-work-group" label="Work group" required error={errors.workGroupId}>
            {(control) => (
              <Select
                {...control}
                value={draft.workGroupId}
                onValueChange={(v) => set('workGroupId', v)}
                options={groupOptions}
                placeholder={workGroups.isPending ? 'Loading...' : 'Choose a work group'}
              />
            )}
          </Field>
        </div>
        <div className="form-row">
          <Field
            id="contract-start"
            label="Start year"
            required
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            step={1}
            value={draft.startYear}
            error={errors.startYear}
            hint="Fiscal year, e.g. 2027 for FY27"
            onChange={(e) => set('startYear', e.target.value)}
          />
          <Field
            id="contract-end"
            label="End year"
            required
            type="number"
            inputMode="numeric"
            min={2000}
            max={2100}
            step={1}
            value={draft.endYear}
            error={errors.endYear ?? spanError ?? undefined}
            hint={years.length ? `${years.length} contract year${years.length === 1 ? '' : 's'}` : undefined}
            onChange={(e) => set('endYear', e.target.value)}
          />
        </div>
        <div className="form-row">
          <Field id="contract-status" label="Status" required>
            {(control) => (
              <Select
                {...control}
                value={draft.status}
                onValueChange={(v) => set('status', v as ContractStatus)}
                options={CONTRACT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              />
            )}
          </Field>
          {draft.status === 'SETTLED' ? (
            <Field
              id="contract-settlement"
              label="Settlement date"
              type="date"
              value={draft.settlementDate}
              error={errors.settlementDate}
              onChange={(e) => set('settlementDate', e.target.value)}
            />
          ) : null}
        </div>
        {showSupersedes ? (
          <Field
            id="contract-supersedes"
            label="Supersedes"
            error={errors.supersedesContractId}
            hint={supersedesHint(candidates)}
          >
            {(control) => (
              <Select
                {...control}
                value={draft.supersedesContractId}
                onValueChange={(v) => set('supersedesContractId', v)}
                options={supersedeOptions}
              />
            )}
          </Field>
        ) : null}
        <fieldset className="cola-rows">
          <legend>COLA by fiscal year (%)</legend>
          {years.length === 0 ? <p className="field__hint">{noRowsHint(spanError)}</p> : null}
          {errors.yearlyIncreases ? <span className="field__error">{errors.yearlyIncreases}</span> : null}
          {years.map((fy, i) => {
            const rate = draft.rates[fy] ?? { colaPercentage: '', notes: '' };
            return (
              <div className="cola-rows__row" key={fy}>
                <Field
                  id={`contract-cola-${fy}`}
                  label={`${fiscalYearLabel(fy)} COLA % (year ${i + 1})`}
                  type="number"
                  inputMode="decimal"
                  className="input input--money"
                  min={0}
                  max={100}
                  step={0.01}
                  value={rate.colaPercentage}
                  error={errors[`cola-${fy}`]}
                  onChange={(e) => setRate(fy, { colaPercentage: e.target.value })}
                />
                <Field
                  id={`contract-cola-notes-${fy}`}
                  label={`${fiscalYearLabel(fy)} notes`}
                  value={rate.notes}
                  maxLength={500}
                  onChange={(e) => setRate(fy, { notes: e.target.value })}
                />
              </div>
            );
          })}
        </fieldset>
        <Field id="contract-notes" label="Notes">
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={2}
              value={draft.notes}
              onChange={(e) => set('notes', e.target.value)}
            />
          )}
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          busy={save.isPending}
          submitLabel={contract ? 'Save Contract' : 'Create Contract'}
        />
      </form>
    </Modal>
  );
}
