import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { lineItemsApi, useLineMutation, type ProposedLineItem } from '@web/api/line-items';
import { useBuildings, useCategories } from '@web/api/lookups';
import type { CreateProposedBody, UpdateProposedBody } from '@server/schemas/line-items';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { EditorModal } from '@web/components/editor-modal';
import { HistoryPanel } from '@web/components/history-panel';
import {
  buildProposedCreate,
  buildProposedUpdate,
  EMPTY_PROPOSED,
  toProposedValues,
  type ProposedFormErrors,
  type ProposedFormValues,
} from '@web/components/proposed-form';
import { Select } from '@web/components/select';

/** Editing an existing line, or adding one to the budget year and fiscal year on screen. */
export type ProposedEditorTarget =
  { mode: 'edit'; line: ProposedLineItem } | { mode: 'add'; budgetYearId: number; fiscalYear: number };

interface ProposedEditorProps {
  target: ProposedEditorTarget | null;
  onClose(): void;
  onSaved(line: ProposedLineItem, mode: 'edit' | 'add'): void;
}

type Field = keyof ProposedFormValues;

type SaveVars =
  { kind: 'add'; body: CreateProposedBody } | { kind: 'edit'; id: number; body: UpdateProposedBody };

/** The Proposed Budget Manager's line editor (add and edit), with the line's history when editing. */
export function ProposedEditor({ target, onClose, onSaved }: ProposedEditorProps) {
  const [values, setValues] = useState<ProposedFormValues>(EMPTY_PROPOSED);
  const [errors, setErrors] = useState<ProposedFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const buildings = useBuildings();
  const categories = useCategories();
  const save = useLineMutation((vars: SaveVars) =>
    vars.kind === 'add' ? lineItemsApi.create(vars.body) : lineItemsApi.updateProposed(vars.id, vars.body),
  );

  useEffect(() => {
    setValues(target?.mode === 'edit' ? toProposedValues(target.line) : EMPTY_PROPOSED);
    setErrors({});
    setFailure(null);
  }, [target]);

  const buildingOptions = useMemo(
    () => [
      { value: 'none', label: DISTRICT_WIDE },
      ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    ],
    [buildings.data],
  );
  const categoryOptions = useMemo(
    () => [
      { value: 'none', label: 'No category' },
      ...(categories.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [categories.data],
  );

  if (!target) {
    return null;
  }
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let vars: SaveVars;
    if (target.mode === 'add') {
      const { body, errors: problems } = buildProposedCreate(values, target.budgetYearId, target.fiscalYear);
      setErrors(problems);
      if (!body) {
        return;
      }
      vars = { kind: 'add', body };
    } else {
      const { body, errors: problems } = buildProposedUpdate(values);
      setErrors(problems);
      if (!body) {
        return;
      }
      vars = { kind: 'edit', id: target.line.id, body };
    }
    save.mutate(vars, {
      onSuccess: ({ lineItem }) => onSaved(lineItem as ProposedLineItem, target.mode),
      onError: (err) =>
        setFailure(
          target.mode === 'edit'
            ? `Failed to update item: ${errorMessage(err, 'Unknown error')}`
            : errorMessage(err, 'Failed to add item'),
        ),
    });
  };

  const input = (field: Field, label: string, props: Record<string, unknown> = {}, full = false) => (
    <div className={full ? 'field field--full' : 'field'}>
      <label htmlFor={`proposed-${field}`}>{label}</label>
      <input
        id={`proposed-${field}`}
        className="input"
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `proposed-${field}-error` : undefined}
        onChange={(e) => set(field)(e.target.value)}
        {...props}
      />
      {errors[field] ? (
        <span id={`proposed-${field}-error`} className="field__error">
          {errors[field]}
        </span>
      ) : null}
    </div>
  );

  const fy = target.mode === 'edit' ? target.line.fiscalYear : target.fiscalYear;
  return (
    <EditorModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target.mode === 'edit' ? 'Edit Line Item' : 'Add Line Item'}
      description={`FY${String(fy).slice(-2)} proposed budget`}
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="form-grid">
          {input('accountDescription', 'Account description', { required: true }, true)}
          {input('amount', 'Amount', { type: 'number', step: 0.01, inputMode: 'decimal', required: true })}
          {input('name', 'Name')}
          <div className="field">
            <label htmlFor="proposed-buildingId">Building</label>
            <Select
              id="proposed-buildingId"
              value={values.buildingId}
              options={buildingOptions}
              onValueChange={set('buildingId')}
            />
          </div>
          <div className="field">
            <label htmlFor="proposed-categoryId">Category</label>
            <Select
              id="proposed-categoryId"
              value={values.categoryId}
              options={categoryOptions}
              onValueChange={set('categoryId')}
            />
          </div>
          {input('accountLine', 'Account line')}
          {input('deseCode', 'DESE code')}
          {input('deseCategories', 'DESE categories', {}, true)}
          <div className="field field--full">
            <label htmlFor="proposed-notes">Notes</label>
            <textarea
              id="proposed-notes"
              className="input"
              rows={3}
              value={values.notes}
              onChange={(e) => set('notes')(e.target.value)}
            />
          </div>
        </div>
        <div className="form-actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : target.mode === 'edit' ? 'Save' : 'Add Line'}
          </button>
        </div>
      </form>
      {target.mode === 'edit' ? <HistoryPanel entity="line-item" id={target.line.id} /> : null}
    </EditorModal>
  );
}
