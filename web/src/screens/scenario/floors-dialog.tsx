import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useFloors, useSaveFloors, type SaveFloorsInput, type ScenarioLine } from '@web/api/cut-scenarios';
import { useCategories } from '@web/api/lookups';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select, type SelectOption } from '@web/components/select';
import { useToast } from '@web/components/toast';
import { FloorForm, type FloorKind } from './floor-form';
import { fteText } from './position-text';
import { count, lineLabel, parsePercent } from './scenario-math';
import './panels.css';
import { numCol, TableHead, unseen } from '@web/components/table-head';

/** A floor on dollars: the least percent a category or a line keeps. */
const PERCENT: FloorKind = {
  label: 'Floor (least % kept)',
  parse: parsePercent,
  invalid: 'Enter a percent from 0 to 100 with at most 2 decimals',
  reasonPlaceholder: 'e.g. Maintenance of effort',
  saveLabel: 'Save Floor',
};

/** A floor on people: the least FTE a personnel category keeps, 0 or more, at most 3 decimals. */
const FTE: FloorKind = {
  label: 'Min FTE',
  parse: (text) => (/^\d{1,6}(\.\d{1,3})?$/.test(text.trim()) ? Number(text.trim()) : null),
  invalid: 'Enter an FTE of 0 or more with at most 3 decimals',
  reasonPlaceholder: 'e.g. Class size limits',
  saveLabel: 'Save FTE Floor',
};

interface FloorsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  budgetYearId: number;
  /** The categories of the year's lines (id and name). */
  categories: SelectOption[];
  /** Lines chosen in the grid: they can get a floor of their own. */
  selectedLines: ScenarioLine[];
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
  const personnel = (useCategories().data?.categories ?? []).filter((c) => c.isPersonnel);
  const [personnelId, setPersonnelId] = useState('');
  const personnelCategory = personnel.find((c) => String(c.id) === personnelId);

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
          kind={PERCENT}
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
        <FloorForm
          idPrefix="fte-floor"
          heading="FTE floor"
          hint="The least FTE a personnel category keeps: cuts by position that would leave less are refused."
          kind={FTE}
          disabled={!personnelCategory}
          onSave={(minFte, reason) =>
            write(
              [{ categoryId: Number(personnelId), minFte, reason }],
              `FTE floor set for ${personnelCategory?.name ?? 'the category'}`,
            )
          }
        >
          <Field id="fte-floor-category" label="Personnel category">
            {(control) => (
              <Select
                {...control}
                value={personnelId}
                options={personnel.map((c) => ({ value: String(c.id), label: c.name }))}
                placeholder="Choose a personnel category"
                onValueChange={setPersonnelId}
              />
            )}
          </Field>
        </FloorForm>
        <FloorForm
          idPrefix="line-floor"
          heading="Line floor"
          kind={PERCENT}
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
