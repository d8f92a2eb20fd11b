import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import { inChunks, lineItemsApi, refreshAllLines } from '@web/api/line-items';
import { useCategories } from '@web/api/lookups';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Modal } from '@web/components/modal';
import { Select } from '@web/components/select';

/** Gives the selected lines one budget category (audited per line by the server). */
export async function setCategory(ids: readonly number[], categoryId: number): Promise<number> {
  const parts = await inChunks(ids, (chunk) => lineItemsApi.bulkCategory(chunk, categoryId));
  return parts.reduce((n, p) => n + p.count, 0);
}

/**
 * The categories a bulk form offers: every one, or only the personnel ones (employee lines' payroll
 * lands on their category, so the server refuses any other for them).
 */
export function useCategoryOptions(personnelOnly: boolean) {
  const categories = useCategories();
  const options = useMemo(
    () =>
      (categories.data?.categories ?? [])
        .filter((c) => !personnelOnly || c.isPersonnel)
        .map((c) => ({ value: String(c.id), label: c.name })),
    [categories.data, personnelOnly],
  );
  return { options, loading: categories.isPending };
}

interface CategoryFieldProps {
  value: string;
  onChange(categoryId: string): void;
  personnelOnly?: boolean;
}

/** The category picker of a bulk form: chosen from the list, never typed. */
export function CategoryField({ value, onChange, personnelOnly = false }: CategoryFieldProps) {
  const { options, loading } = useCategoryOptions(personnelOnly);
  const empty = personnelOnly ? 'No personnel categories: mark one Personnel under Categories' : undefined;
  return (
    <Field id="bulk-category" label="Budget category" hint={!loading && !options.length ? empty : undefined}>
      {(control) => (
        <Select
          {...control}
          value={value}
          placeholder={loading ? 'Loading...' : 'Choose a category'}
          options={options}
          onValueChange={onChange}
        />
      )}
    </Field>
  );
}

interface BulkCategoryProps {
  ids: readonly number[];
  noun: string;
  busy?: boolean;
  onDone(message: string): void;
  onProblem(message: string): void;
}

/** The Proposed Budget Manager's 'Set Category' bulk action: a button and its dialog (all categories). */
export function BulkCategory({ ids, noun, busy = false, onDone, onProblem }: BulkCategoryProps) {
  const queryClient = useQueryClient();
  const { options } = useCategoryOptions(false);
  const [open, setOpen] = useState(false);
  const [categoryId, setCategoryId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () => {
    if (ids.length === 0) {
      onProblem('Please select items first');
      return;
    }
    setCategoryId('');
    setProblem(null);
    setOpen(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!categoryId) {
      setProblem('Please choose a category');
      return;
    }
    setSaving(true);
    try {
      const n = await setCategory(ids, Number(categoryId));
      const name = options.find((o) => o.value === categoryId)?.label ?? 'the category';
      setOpen(false);
      onDone(`Set category ${name} on ${n.toLocaleString('en-US')} ${noun}`);
    } catch (err) {
      setProblem(errorMessage(err, 'The category could not be set'));
    } finally {
      setSaving(false);
      // Even a failed chunk may follow successful ones; show the server's truth.
      void refreshAllLines(queryClient);
    }
  };

  return (
    <>
      <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={start}>
        Set Category
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Set Category"
        description={`${ids.length.toLocaleString('en-US')} ${noun} selected`}
      >
        <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
          {problem ? <Alert title="Nothing was changed">{problem}</Alert> : null}
          <CategoryField
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              setProblem(null);
            }}
          />
          <div className="form-actions">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" busy={saving} busyLabel="Applying...">
              Apply
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
