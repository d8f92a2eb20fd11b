import { SKIP, type ImportPreview, type ImportType, type PreviewRow } from '@shared/schemas/import';
import { formatDecimalMoney } from '@web/lib/format';
import { DISTRICT_WIDE, formatIsoDate } from '@web/components/data-grid/column-types';
import type { FieldMapping } from './mapping';

interface PreviewColumn {
  key: string;
  label: string;
  kind?: 'money' | 'date' | 'fte';
  /** Shown only when one of these fields is mapped (always when absent). */
  when?: string[];
  /** The row value saying the position crosswalk gave this one (then the column shows too). */
  crosswalk?: string;
}

/** What the preview shows of each line: the values as stored, in the order people read a line. */
const COLUMNS: Record<ImportType, PreviewColumn[]> = {
  operating: [
    { key: 'firstName', label: 'First Name' },
    { key: 'lastName', label: 'Last Name' },
    { key: 'position', label: 'Position', when: ['position'] },
    { key: 'building', label: 'Building', when: ['building', 'locationCode'] },
    { key: 'currentFTE', label: 'FTE', kind: 'fte' },
    { key: 'currentSalary', label: 'Current Salary', kind: 'money' },
    { key: 'nextYearSalary', label: 'Next Year Salary', kind: 'money', when: ['nextYearSalary'] },
    { key: 'workGroup', label: 'Work Group', when: ['workGroup'], crosswalk: 'workGroupFromCrosswalk' },
    // An employee line's category is not in the file: only the crosswalk gives it one here.
    { key: 'category', label: 'Category', when: [], crosswalk: 'categoryFromCrosswalk' },
    { key: 'hireDate', label: 'Hire Date', kind: 'date', when: ['hireDate'] },
    { key: 'employeeStatus', label: 'Status', when: ['employeeStatus'] },
    { key: 'deseCode', label: 'DESE Code', when: ['deseCode'], crosswalk: 'deseCodeFromCrosswalk' },
    { key: 'fund', label: 'Fund', when: ['fund'], crosswalk: 'fundFromCrosswalk' },
    { key: 'fiscalYear', label: 'Fiscal Year', when: ['fiscalYear'] },
  ],
  proposed: [
    { key: 'accountDescription', label: 'Description' },
    { key: 'accountLine', label: 'Account', when: ['accountLine'] },
    { key: 'deseCode', label: 'DESE Code' },
    { key: 'category', label: 'Category' },
    { key: 'building', label: 'Building', when: ['locationCode'] },
    { key: 'amount', label: 'Amount', kind: 'money' },
    { key: 'fiscalYear', label: 'Fiscal Year', when: ['fiscalYear'] },
  ],
};

function shown(value: string | null | undefined, column: PreviewColumn): string {
  if (column.key === 'building') {
    return value ?? DISTRICT_WIDE;
  }
  if (value === null || value === undefined || value === '') {
    return '';
  }
  if (column.kind === 'money') {
    return formatDecimalMoney(value);
  }
  if (column.kind === 'date') {
    return formatIsoDate(value);
  }
  return value;
}

/** A value, marked when the crosswalk gave it, the rule named for screen readers and on hover. */
function Cell({ row, column }: { row: PreviewRow; column: PreviewColumn }) {
  const given = column.crosswalk ? row.values[column.crosswalk] : null;
  const text = shown(row.values[column.key] ?? given, column);
  if (!given) {
    return <>{text}</>;
  }
  const rules = row.values.crosswalkRules ?? '';
  return (
    <>
      {text}{' '}
      <span className="badge badge--neutral imp-cw-badge" title={`From the crosswalk: ${rules}`}>
        crosswalk<span className="visually-hidden"> (rule {rules})</span>
      </span>
    </>
  );
}

function note(row: PreviewRow): string {
  if (row.status === 'skip') {
    return `Skipped: ${row.reason ?? ''}`;
  }
  return row.warnings.length ? `Marked for review: ${row.warnings.join('; ')}` : '';
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The first rows as the import reads them (the server runs the import's own transform on them):
 * names split, money and dates parsed, the building matched; skipped rows greyed with the reason.
 */
export function PreviewTable({
  preview,
  importType,
  mapping,
}: {
  preview: ImportPreview;
  importType: ImportType;
  mapping: FieldMapping;
}) {
  const mapped = (field: string) => Boolean(mapping[field]) && mapping[field] !== SKIP;
  const fromCrosswalk = (c: PreviewColumn) =>
    c.crosswalk !== undefined && preview.rows.some((r) => r.values[c.crosswalk!]);
  const columns = COLUMNS[importType].filter((c) => !c.when || c.when.some(mapped) || fromCrosswalk(c));
  const lines = preview.rows.filter((r) => r.status !== 'skip').length;
  const skipped = preview.rows.length - lines;
  return (
    <div className="imp-section">
      <h3>
        First {count(lines)} {lines === 1 ? 'line' : 'lines'} as they will be stored
        {skipped ? `, and the ${count(skipped)} skipped ${skipped === 1 ? 'row' : 'rows'} among them` : ''}
      </h3>
      {/* Focusable: a keyboard scrolls it (on a phone it runs wider than the screen). */}
      <div className="table-wrap imp-scroll" role="group" aria-label="Preview rows" tabIndex={0}>
        <table className="table imp-preview">
          <caption className="visually-hidden">The first rows of the file as they will be imported</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.kind === 'money' ? 'money' : undefined}>
                  {c.label}
                </th>
              ))}
              <th scope="col" className="imp-long-text">
                Note
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.row} className={`imp-preview__${row.status}`}>
                <td className="num">{row.row}</td>
                {row.status === 'skip' ? (
                  <td colSpan={columns.length} className="imp-preview__text">
                    {row.text}
                  </td>
                ) : (
                  columns.map((c) => (
                    <td key={c.key} className={c.kind === 'money' ? 'money' : undefined}>
                      <Cell row={row} column={c} />
                    </td>
                  ))
                )}
                <td className="imp-long-text">{note(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.blankRows ? (
        <p className="muted">
          {count(preview.blankRows)} blank {preview.blankRows === 1 ? 'row is' : 'rows are'} ignored and not
          shown.
        </p>
      ) : null}
    </div>
  );
}
