import type { CSSProperties, ReactNode } from 'react';

interface HeadingSpec {
  label: ReactNode;
  className?: string;
  /** Read by screen readers only (a column of buttons needs a name but shows none). */
  hidden?: boolean;
}

/**
 * A column's heading: its text, or the text with a class or read only by screen readers. Null or
 * false leaves the column out (one only some users see).
 */
export type Heading = ReactNode | HeadingSpec;

function isSpec(col: Heading): col is HeadingSpec {
  return typeof col === 'object' && col !== null && 'label' in col;
}

/** A right-aligned heading over figures (money, counts), as the `num` cells below it. */
export function numCol(label: ReactNode): Heading {
  return { label, className: 'num' };
}

/** A heading only screen readers read, over a column of buttons or links. */
export function unseen(label: string, className?: string): Heading {
  return { label, className, hidden: true };
}

/**
 * A table's head: one row of column headings. Headings are static, so a column's place is its key.
 * `cellStyle` goes on every heading (a table that sizes its cells inline).
 */
export function TableHead({ cols, cellStyle }: { cols: readonly Heading[]; cellStyle?: CSSProperties }) {
  return (
    <thead>
      <tr>
        {cols.map((col, i) => {
          if (col === null || col === undefined || col === false) {
            return null;
          }
          const { label, className, hidden } = isSpec(col)
            ? col
            : { label: col, className: undefined, hidden: false };
          return (
            <th key={i} scope="col" className={className} style={cellStyle}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
