interface CountCell {
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

interface GradeRowProps {
  grade: string;
  label: string;
  students: CountCell;
  specialEd: CountCell;
}

/** One grade of the enrollment form: its students and special education students, each with its error. */
export function GradeRow({ grade, label, students, specialEd }: GradeRowProps) {
  return (
    <tr>
      <th scope="row" id={`grade-${grade}`}>
        {label}
      </th>
      <CountInput id={`grade-${grade}-students`} label={`${label} students`} cell={students} />
      <CountInput
        id={`grade-${grade}-special-ed`}
        label={`${label} special education students`}
        cell={specialEd}
      />
    </tr>
  );
}

/** A count in a table cell: named by aria-label (the row and column say what it is), error below. */
function CountInput({ id, label, cell }: { id: string; label: string; cell: CountCell }) {
  const errorId = `${id}-error`;
  return (
    <td>
      <input
        id={id}
        className="input input--money"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        aria-label={label}
        aria-invalid={cell.error ? true : undefined}
        aria-describedby={cell.error ? errorId : undefined}
        value={cell.value}
        onChange={(e) => cell.onChange(e.target.value)}
      />
      {cell.error ? (
        <span id={errorId} className="field__error grade-table__error">
          {cell.error}
        </span>
      ) : null}
    </td>
  );
}
