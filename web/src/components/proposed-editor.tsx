import type { FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { lineItemsApi, useLineMutation, type ProposedLineItem } from '@web/api/line-items';
import type { CreateProposedBody, UpdateProposedBody } from '@server/schemas/line-items';
import { Alert } from '@web/components/alert';
import {
  EditorActions,
  NotesField,
  useEditorForm,
  useLineLookupOptions,
} from '@web/components/editor-fields';
import { EditorModal } from '@web/components/editor-modal';
import { HistoryPanel } from '@web/components/history-panel';
import {
  buildProposedCreate,
  buildProposedUpdate,
  EMPTY_PROPOSED,
  toProposedValues,
} from '@web/components/proposed-form';

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
  const { values, setErrors, failure, setFailure, set, input, select } = useEditorForm(
    'proposed',
    target,
    () => (target?.mode === 'edit' ? toProposedValues(target.line) : EMPTY_PROPOSED),
  );
  const { buildingOptions, categoryOptions } = useLineLookupOptions();
  const save = useLineMutation((vars: SaveVars) =>
    vars.kind === 'add' ? lineItemsApi.create(vars.body) : lineItemsApi.updateProposed(vars.id, vars.body),
  );

  if (!target || !values) {
    return null;
  }

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
          {input('accountDescription', 'Account description', { required: true, full: true })}
          {input('amount', 'Amount', { type: 'number', step: 0.01, inputMode: 'decimal', required: true })}
          {input('name', 'Name')}
          {select('buildingId', 'Building', buildingOptions)}
          {select('categoryId', 'Category', categoryOptions)}
          {input('accountLine', 'Account line')}
          {input('deseCode', 'DESE code')}
          {input('deseCategories', 'DESE categories', { full: true })}
          <NotesField id="proposed-notes" value={values.notes} onValueChange={set('notes')} />
        </div>
        <EditorActions
          onCancel={onClose}
          pending={save.isPending}
          submitLabel={target.mode === 'edit' ? 'Save' : 'Add Line'}
        />
      </form>
      {target.mode === 'edit' ? <HistoryPanel entity="line-item" id={target.line.id} /> : null}
    </EditorModal>
  );
}
