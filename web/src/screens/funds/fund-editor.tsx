import { useEffect, useEffectEvent, useState } from 'react';
import {
  FUND_KIND_LABELS,
  NSS_COUNTS_BY_KIND,
  createFundBody,
  isGrantKind,
  updateFundBody,
  type FundKind,
} from '@shared/schemas/funds';
import { useCreateFund, useUpdateFund, type Fund, type FundPatch, type NewFund } from '@web/api/funds';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { ReferenceFormModal } from '@web/components/reference-form-modal';
import { Select } from '@web/components/select';
import { fundInput, fundValues, kindChoices, withKind, type FundValues } from './fund-form';

interface FundEditorProps {
  open: boolean;
  /** The fund being edited, or null to add one. */
  fund: Fund | null;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

const FAILURE = 'Failed to save fund';

const countsText = (counts: boolean) => (counts ? 'counts' : 'does not count');

/** What the kind says of NSS, and whether this fund goes its own way. */
function nssHint(kind: FundKind, counts: boolean): string {
  const byDefault = NSS_COUNTS_BY_KIND[kind];
  const set = counts === byDefault ? '' : ' This fund is set apart from its kind.';
  return `${FUND_KIND_LABELS[kind]}: ${countsText(byDefault)} by default (603 CMR 10.06).${set}`;
}

/** Add or edit a fund: name, code, kind, whether it counts toward NSS and, for a grant, its award and period. */
export function FundEditor({ open, fund, onOpenChange, onSaved }: FundEditorProps) {
  const create = useCreateFund();
  const update = useUpdateFund();
  // Checked with the server's own schemas, so each message is under its field before a round trip.
  const form = useSchemaForm<typeof createFundBody | typeof updateFundBody, FundValues>(
    fund ? updateFundBody : createFundBody,
    fundValues(null),
    { toInput: fundInput },
  );
  const { values: v, errors, setValue: set } = form;
  // A box set by hand (or saved apart from its kind's default) no longer follows the kind.
  const [nssSet, setNssSet] = useState(false);

  // Only opening the modal (or another fund) refills it, not every render's new `fund` props.
  const refill = useEffectEvent(() => {
    form.reset(fundValues(fund));
    setNssSet(fund ? !fund.nssDefault : false);
  });
  useEffect(() => {
    if (open) {
      refill();
    }
  }, [open, fund]);

  const onSubmit = () => {
    const body = form.validate();
    if (!body) {
      return;
    }
    const name = (body as { name?: string }).name ?? v.name.trim();
    const done = {
      onSuccess: () => {
        onSaved(fund ? `Fund ${name} updated` : `Fund ${name} added`);
        onOpenChange(false);
      },
      onError: (err: unknown) => form.applyServerError(err, FAILURE),
    };
    if (fund) {
      update.mutate({ id: fund.id, body: body as FundPatch }, done);
    } else {
      create.mutate(body as NewFund, done);
    }
  };

  const kinds = kindChoices(fund);
  const grant = isGrantKind(v.kind);
  return (
    <ReferenceFormModal
      open={open}
      onOpenChange={onOpenChange}
      title={fund ? 'Edit Fund' : 'Add Fund'}
      description="The code is the fund segment of the account strings, and must be unique."
      idPrefix="fund"
      name={v.name}
      onNameChange={(name) => set('name', name)}
      nameError={errors.name}
      error={form.formError}
      errorTitle={FAILURE}
      busy={create.isPending || update.isPending}
      onSubmit={onSubmit}
    >
      <div className="funds-two-col">
        <Field
          id="fund-code"
          label="Code"
          required
          maxLength={20}
          autoComplete="off"
          {...form.bind('code')}
        />
        <Field
          id="fund-kind"
          label="Kind"
          error={errors.kind}
          hint={fund?.kind === 'general' ? 'The general fund stays the general fund.' : undefined}
        >
          {(control) => (
            <Select
              {...control}
              value={v.kind}
              disabled={kinds.length === 1}
              onValueChange={(kind) => form.setValues((now) => withKind(now, kind as FundKind, nssSet))}
              options={kinds.map((k) => ({ value: k, label: FUND_KIND_LABELS[k] }))}
            />
          )}
        </Field>
      </div>
      <div className="field">
        <label className="funds-check">
          <input
            type="checkbox"
            checked={v.countsTowardNss}
            aria-describedby="fund-nss-note"
            onChange={(e) => {
              setNssSet(true);
              set('countsTowardNss', e.target.checked);
            }}
          />
          Counts toward net school spending
        </label>
        <span id="fund-nss-note" className={errors.countsTowardNss ? 'field__error' : 'field__hint'}>
          {errors.countsTowardNss ?? nssHint(v.kind, v.countsTowardNss)}
        </span>
      </div>
      <div className="field">
        <label className="funds-check">
          <input
            type="checkbox"
            checked={v.showToResidents}
            aria-describedby="fund-residents-note"
            onChange={(e) => set('showToResidents', e.target.checked)}
          />
          Shown on the resident page
        </label>
        <span id="fund-residents-note" className={errors.showToResidents ? 'field__error' : 'field__hint'}>
          {errors.showToResidents ??
            (v.showToResidents
              ? 'Residents see the positions this fund pays for, by school and function (FTE only)'
              : "Residents see this fund's positions under 'Other funds'")}
        </span>
      </div>
      {grant ? (
        <>
          <Field
            id="fund-award"
            label="Award amount"
            inputMode="decimal"
            autoComplete="off"
            hint="In dollars, e.g. 250,000"
            {...form.bind('awardAmount')}
          />
          <div className="funds-two-col">
            <Field id="fund-start" label="Period start" type="date" {...form.bind('periodStart')} />
            <Field id="fund-end" label="Period end" type="date" {...form.bind('periodEnd')} />
          </div>
        </>
      ) : null}
      <Field id="fund-note" label="Note" error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            className="input reference-form__textarea"
            maxLength={1000}
            value={v.note}
            onChange={(e) => set('note', e.target.value)}
          />
        )}
      </Field>
    </ReferenceFormModal>
  );
}
