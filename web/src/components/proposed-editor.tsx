import type { FormEvent } from 'react';
import {
  createProposedBody,
  updateProposedBody,
  type CreateProposedBody,
  type UpdateProposedBody,
} from '@shared/schemas/line-items';
import { lineItemsApi, useLineMutation, type ProposedLineItem } from '@web/api/line-items';
import { Alert } from '@web/components/alert';
import { ChangeReasonField, useStagePassed, withChangeReason } from '@web/components/change-reason-field';
import {
  NotesField,
  useEditorForm,
  useFundOptions,
  useLineLookupOptions,
} from '@web/components/editor-fields';
import { EditorModal } from '@web/components/editor-modal';
import { HistoryPanel } from '@web/components/history-panel';
import { EMPTY_PROPOSED, proposedInput, toProposedValues } from '@web/components/proposed-form';
import { fiscalYearLabel } from '@shared/budget-math';
import { FormActions } from '@web/components/form/form-actions';

/** Editing an existing line, or adding one to the budget year and fiscal year on screen. */
export type ProposedEditorTarget =
  { mode: 'edit'; line: ProposedLineItem } | { mode: 'add'; budgetYearId: number; fiscalYear: number };

interface ProposedEditorProps {
  target: ProposedEditorTarget | null;
  onClose(): void;
  onSaved(line: ProposedLineItem, mode: 'edit' | 'add'): void;
}

type SaveVars =
  { kind: 'add'; body: CreateProposedBody } | { kind: 'edit'; id: number; body: UpdateProposedBody };

/** The Proposed Budget Manager's line editor (add and edit), with the line's history when editing. */
export function ProposedEditor({ target, onClose, onSaved }: ProposedEditorProps) {
  // Once the line's year has passed a budget stage, an edit may say why.
  const stage = useStagePassed(target?.mode === 'edit' ? target.line : null);
  // Adding checks with the create schema (on the budget year and fiscal year on screen), editing
  // with the PUT's, which gets the full editable set the Edit form sends.
  const form = useEditorForm(
    'proposed',
    target?.mode === 'add' ? createProposedBody : updateProposedBody,
    target,
    { ...(target?.mode === 'edit' ? toProposedValues(target.line) : EMPTY_PROPOSED), changeReason: '' },
    {
      toInput: (v) =>
        target?.mode === 'add'
          ? {
              ...proposedInput(v),
              isOperating: false,
              budgetYearId: target.budgetYearId,
              fiscalYear: target.fiscalYear,
            }
          : withChangeReason(proposedInput(v), v.changeReason, stage.passed),
    },
  );
  const { values, input, select } = form;
  const { buildingOptions, categoryOptions } = useLineLookupOptions();
  const fundOptions = useFundOptions();
  const save = useLineMutation((vars: SaveVars) =>
    vars.kind === 'add' ? lineItemsApi.create(vars.body) : lineItemsApi.updateProposed(vars.id, vars.body),
  );

  if (!target) {
    return null;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) {
      return;
    }
    const vars: SaveVars =
      target.mode === 'add'
        ? { kind: 'add', body: body as CreateProposedBody }
        : { kind: 'edit', id: target.line.id, body: body as UpdateProposedBody };
    save.mutate(vars, {
      onSuccess: ({ lineItem }) => onSaved(lineItem as ProposedLineItem, target.mode),
      // On failure: 'Failed to update item: ' + the error, or 'Unknown error'.
      onError: (err) =>
        form.applyServerError(err, target.mode === 'edit' ? 'Unknown error' : 'Failed to add item'),
    });
  };

  const fy = target.mode === 'edit' ? target.line.fiscalYear : target.fiscalYear;
  return (
    <EditorModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={target.mode === 'edit' ? 'Edit Line Item' : 'Add Line Item'}
      description={`${fiscalYearLabel(fy)} proposed budget`}
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        {form.formError ? (
          <Alert>
            {target.mode === 'edit' ? `Failed to update item: ${form.formError}` : form.formError}
          </Alert>
        ) : null}
        <div className="form-grid">
          {input('accountDescription', 'Account description', { required: true, full: true })}
          {input('amount', 'Amount', { inputMode: 'decimal', autoComplete: 'off', required: true })}
          {input('name', 'Name')}
          {select('buildingId', 'Building', buildingOptions)}
          {select('categoryId', 'Category', categoryOptions)}
          {input('accountLine', 'Account line')}
          {/* Beside the account line, whose fund segment it is; DESE's two fields then share a row. */}
          {select('fundId', 'Fund', fundOptions)}
          {input('deseCode', 'DESE code')}
          {input('deseCategories', 'DESE categories')}
          <label className="form-check" htmlFor="proposed-oneTime">
            <input
              id="proposed-oneTime"
              type="checkbox"
              checked={values.oneTime === 'true'}
              onChange={(e) => form.setValue('oneTime', e.target.checked ? 'true' : 'false')}
            />
            <span>
              One-time{' '}
              <span className="form-check-hint">
                (this year only: next year&rsquo;s roll forward leaves it out)
              </span>
            </span>
          </label>
          <NotesField
            id="proposed-notes"
            value={values.notes}
            onValueChange={form.set('notes')}
            error={form.errors.notes}
          />
          {target.mode === 'edit' && stage.passed ? (
            <ChangeReasonField
              id="proposed-changeReason"
              value={values.changeReason}
              onValueChange={form.set('changeReason')}
              error={form.errors.changeReason}
              caption={stage.caption}
            />
          ) : null}
        </div>
        <FormActions
          onCancel={onClose}
          busy={save.isPending}
          submitLabel={target.mode === 'edit' ? 'Save' : 'Add Line'}
        />
      </form>
      {target.mode === 'edit' ? <HistoryPanel entity="line-item" id={target.line.id} /> : null}
    </EditorModal>
  );
}
