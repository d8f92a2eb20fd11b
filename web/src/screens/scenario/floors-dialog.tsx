import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import { useFloors, useSaveFloors, type SaveFloorsInput, type ScenarioLine } from '@web/api/cut-scenarios';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select, type SelectOption } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { FteFloorForm } from './fte-floor-form';
import { fteText } from './position-text';
import { count, lineLabel, parsePercent } from './scenario-math';
import './panels.css';
import { numCol, TableHead, unseen } from '@web/components/table-head';

const PERCENT_MESSAGE = 'Enter a percent from 0 to 100 with at most 2 decimals';

interface FloorsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  budgetYearId: number;
  /** The categories of the year's lines (id and name). */
  categories: SelectOption[];
  /** Lines chosen in the grid: they can get a floor of their own. */
  selectedLines: ScenarioLine[];
}

interface FloorFormProps {
  idPrefix: string;
  heading: string;
  hint: string;
  disabled?: boolean;
  children?: ReactNode;
  onSave(percent: number, reason: string | null): Promise<void>;
}

/** A percent and a reason, then Save; the target (a category, the selected lines) is the caller's. */
function FloorForm({ idPrefix, heading, hint, disabled = false, children, onSave }: FloorFormProps) {
  const [percent, setPercent] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parsePercent(percent);
    if (value === null) {
      setError(PERCENT_MESSAGE);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSave(value, reason.trim() || null);
      setPercent('');
      setReason('');
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to save the floor'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="floor-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${idPrefix}-heading`}
    >
      <h3 id={`${idPrefix}-heading`}>{heading}</h3>
      <p className="field__hint">{hint}</p>
      {failure ? <Alert title="Failed to save the floor">{failure}</Alert> : null}
      {children}
      <div className="floor-form__row">
        <Field
          id={`${idPrefix}-percent`}
          label="Floor (least % kept)"
          inputMode="decimal"
          value={percent}
          error={error}
          disabled={disabled}
          onChange={(e) => {
            setPercent(e.target.value);
            setError(undefined);
          }}
        />
        <Field
          id={`${idPrefix}-reason`}
          label="Reason"
          value={reason}
          maxLength={500}
          disabled={disabled}
          placeholder="e.g. Maintenance of effort"
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Saving..." disabled={disabled}>
          Save Floor
        </Button>
      </div>
    </form>
  );
}

/** Floors: the least percent a category, or a line, may keep (checked by the server on every save). */
export function FloorsDialog({
  open,
  onOpenChange,
  budgetYearId,
  categories,
  selectedLines,
}: FloorsDialogProps) {
  const floors = useFloors(open ? budgetYearId : undefined);
  const save = useSaveFloors();
  const notify = useToast();
  const [categoryId, setCategoryId] = useState('');
  const category = categories.find((c) => c.value === categoryId);

  const write = async (body: SaveFloorsInput['floors'], title: string) => {
    await save.mutateAsync({ budgetYearId, floors: body });
    notify({ title });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Floors"
      description="A floor is the least percent a line keeps: the slider and the quick cuts stop there (maintenance of effort, contracts). A personnel category may also keep a least FTE, which cuts by position respect. Floors belong to the budget year: each one holds in every scenario of it, this one and the others."
      wide
    >
      <div className="floors">
        <section aria-labelledby="floors-list-heading">
          <h3 id="floors-list-heading">Floors of this budget year</h3>
          {floors.isError ? (
            <Alert title="Failed to load floors">{errorMessage(floors.error, '')}</Alert>
          ) : null}
          {floors.data && floors.data.floors.length === 0 ? (
            <p className="field__hint">No floors yet.</p>
          ) : null}
          {floors.data && floors.data.floors.length > 0 ? (
            <table className="floors__table">
              <TableHead cols={['For (and why)', numCol('Floor'), numCol('Min FTE'), unseen('Remove')]} />
              <tbody>
                {floors.data.floors.map((f) => {
                  const name =
                    f.categoryId !== null
                      ? `Category: ${f.category ?? f.categoryId}`
                      : `Line: ${f.accountDesc ?? f.lineItemId}`;
                  return (
                    <tr key={f.id}>
                      <td>
                        {name}
                        {f.reason ? <span className="floors__reason">{f.reason}</span> : null}
                      </td>
                      <td className="num">
                        {f.minFte !== null && f.floorPercent === 0 ? '—' : `${f.floorPercent}%`}
                      </td>
                      <td className="num">{f.minFte === null ? '—' : fteText(f.minFte)}</td>
                      <td className="floors__remove">
                        <Button
                          className="btn--small"
                          aria-label={`Remove floor of ${name}`}
                          disabled={save.isPending}
                          onClick={() =>
                            void write(
                              [
                                f.categoryId !== null
                                  ? {
                                      categoryId: f.categoryId,
                                      floorPercent: null,
                                      minFte: null,
                                      reason: null,
                                    }
                                  : { lineItemId: f.lineItemId!, floorPercent: null, reason: null },
                              ],
                              'Floor removed',
                            ).catch((err) =>
                              notify({
                                variant: 'error',
                                title: errorMessage(err, 'Failed to remove the floor'),
                              }),
                            )
                          }
                        >
                          Remove
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </section>
        <FloorForm
          idPrefix="category-floor"
          heading="Category floor"
          hint="Every line of the category keeps at least this percent (a line's own floor overrides it)."
          disabled={!category}
          onSave={(floorPercent, reason) =>
            write(
              [{ categoryId: Number(categoryId), floorPercent, reason }],
              `Floor set for ${category?.label ?? 'the category'}`,
            )
          }
        >
          <Field id="category-floor-category" label="Category">
            {(control) => (
              <Select
                {...control}
                value={categoryId}
                options={categories}
                placeholder="Choose a category"
                onValueChange={setCategoryId}
              />
            )}
          </Field>
        </FloorForm>
        <FteFloorForm
          onSave={(categoryId, name, minFte, reason) =>
            write([{ categoryId, minFte, reason }], `FTE floor set for ${name}`)
          }
        />
        <FloorForm
          idPrefix="line-floor"
          heading="Line floor"
          hint={
            selectedLines.length
              ? `For ${selectedLines.length === 1 ? lineLabel(selectedLines[0]) : count(selectedLines.length, 'selected line')}.`
              : 'Select lines in the table (their checkboxes) to give them a floor of their own.'
          }
          disabled={selectedLines.length === 0}
          onSave={(floorPercent, reason) =>
            write(
              selectedLines.map((l) => ({ lineItemId: l.id, floorPercent, reason })),
              `Floor set for ${count(selectedLines.length, 'line')}`,
            )
          }
        />
      </div>
    </Modal>
  );
}
