import { Link } from 'react-router';
import { useCategories } from '@web/api/lookups';
import { useCanVisit } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { useCategoryOptions } from '@web/components/bulk-category';
import { Field } from '@web/components/form/field';
import { Select, type SelectOption } from '@web/components/select';

const NONE_NOTE = 'pos-category-none';

interface PositionCategoryFieldProps {
  value: string;
  error?: string;
  disabled: boolean;
  /**
   * The position's category as read (null for a new one): kept among the choices should it no
   * longer be a personnel one, so the picker still shows what the position has.
   */
  current: { id: number; name: string } | null;
  onChange(categoryId: string): void;
}

/**
 * A position's budget category. A position's cost is salaries, so the server takes only a
 * personnel category (the category's Personnel mark): only those are offered, and when there are
 * none the form says so and where one is made, rather than offering a choice the save refuses.
 */
export function PositionCategoryField({
  value,
  error,
  disabled,
  current,
  onChange,
}: PositionCategoryFieldProps) {
  const categories = useCategories();
  const personnel = useCategoryOptions(true);
  const canManage = useCanVisit('/admin/categories');
  const own = current ? String(current.id) : null;
  const options: SelectOption[] =
    current && own && !personnel.options.some((o) => o.value === own)
      ? [...personnel.options, { value: own, label: current.name }]
      : personnel.options;
  // Only once the list has come: a list that failed to load is not a district without one.
  const none = !disabled && categories.isSuccess && personnel.options.length === 0;
  return (
    <>
      <Field id="pos-category" label="Budget category" required error={error}>
        {(control) => (
          <Select
            {...control}
            aria-describedby={
              [control['aria-describedby'], none ? NONE_NOTE : null].filter(Boolean).join(' ') || undefined
            }
            value={value}
            options={options}
            placeholder={none ? 'No personnel category yet' : undefined}
            disabled={disabled}
            onValueChange={onChange}
          />
        )}
      </Field>
      {none ? (
        <div className="field--full" id={NONE_NOTE}>
          <Alert variant="info" title="No personnel category yet">
            A position&apos;s cost is salaries, so its budget category must be a personnel one, and none is
            marked Personnel yet.{' '}
            {canManage ? (
              <>
                Add one, or mark one Personnel, under <Link to="/admin/categories">Admin, Categories</Link>.
              </>
            ) : (
              'An administrator adds one, or marks one Personnel, under Admin, Categories.'
            )}
          </Alert>
        </div>
      ) : null}
    </>
  );
}
