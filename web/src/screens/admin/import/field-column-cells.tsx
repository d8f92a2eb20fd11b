import { SKIP, type ImportAnalysis } from '@shared/schemas/import';
import { Select } from '@web/components/select';

type ExpectedField = ImportAnalysis['expectedColumns'][number];

/**
 * A field's row head (its label, a required marker, what it holds) and the column chosen for it:
 * the first two cells of a mapping table row, for line imports and the ledger alike. A required
 * field cannot be skipped.
 */
export function FieldColumnCells({
  field,
  chosen,
  columns,
  onChoose,
}: {
  field: ExpectedField;
  chosen: string;
  columns: readonly string[];
  onChoose: (column: string) => void;
}) {
  const options = [
    ...(field.required ? [] : [{ value: SKIP, label: '— Skip —' }]),
    ...columns.map((c) => ({ value: c, label: c })),
  ];
  return (
    <>
      <th scope="row" className="imp-field">
        {field.label}
        {field.required ? (
          <span className="imp-required" aria-label="required">
            *
          </span>
        ) : null}
        <small>{field.description}</small>
      </th>
      <td>
        <Select
          value={chosen}
          options={options}
          placeholder="Choose a column"
          ariaLabel={`Column for ${field.label}`}
          onValueChange={onChoose}
        />
      </td>
    </>
  );
}
