import { useMemo } from 'react';
import { inChunks, lineItemsApi } from '@web/api/line-items';
import { useCategories } from '@web/api/lookups';
import { BulkPickAction, type BulkPickProps } from '@web/components/bulk-pick-action';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import type { SalaryLinesLocked } from '@shared/schemas/reconciliation';

/**
 * Gives the selected lines one budget category (audited per line by the server): how many, and the
 * last chunk's note on locked salary lines (salaryLines), the lines as the whole change left them (a
 * holder's line moves its position's cost into another category's line).
 */
export async function setCategory(
  ids: readonly number[],
  categoryId: number,
): Promise<{ count: number; salaryLines?: SalaryLinesLocked }> {
  const parts = await inChunks(ids, (chunk) => lineItemsApi.bulkCategory(chunk, categoryId));
  const salaryLines = parts.findLast((p) => p.salaryLines)?.salaryLines;
  return { count: parts.reduce((n, p) => n + p.count, 0), ...(salaryLines ? { salaryLines } : {}) };
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

/** The Proposed Budget Manager's 'Set Category' bulk action: a button and its dialog (all categories). */
export function BulkCategory(props: BulkPickProps) {
  const { options } = useCategoryOptions(false);
  return (
    <BulkPickAction
      {...props}
      title="Set Category"
      required="Please choose a category"
      failure="The category could not be set"
      field={(value, onChange) => <CategoryField value={value} onChange={onChange} />}
      apply={async (categoryId) => {
        const { count: n, salaryLines } = await setCategory(props.ids, Number(categoryId));
        const name = options.find((o) => o.value === categoryId)?.label ?? 'the category';
        const message = `Set category ${name} on ${n.toLocaleString('en-US')} ${props.noun}`;
        return { message, note: salaryLines?.message };
      }}
    />
  );
}
