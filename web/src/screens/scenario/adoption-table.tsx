import { centsOf, fromCents } from '@shared/money';
import { formatMoneyCents } from '@web/lib/format';
import { numCol, TableHead } from '@web/components/table-head';

export interface ChangeRow {
  id: number;
  description: string | null;
  category: string | null;
  building: string | null;
  /** A short note under the description (the percent kept). */
  note?: string;
  now: number;
  next: number;
  difference: number;
}

interface ChangeTableProps {
  caption: string;
  nextLabel: string;
  rows: ChangeRow[];
}

/**
 * The lines a confirmation changes: now, after, and the difference, in a region that scrolls on
 * its own (a scenario can change hundreds of lines) and can be scrolled from the keyboard.
 */
export function ChangeTable({ caption, nextLabel, rows }: ChangeTableProps) {
  return (
    <div className="change-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead
          cols={[
            'Line',
            { label: 'Now', className: 'num change-table__now-col' },
            numCol(nextLabel),
            numCol('Change'),
          ]}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                {r.description ?? `Line ${r.id}`}
                <span className="change-table__meta">
                  {[r.category ?? 'Uncategorized', r.building ?? 'District Wide', r.note]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {/* On a phone the Now column gives way: the amount now goes under the line's name. */}
                <span className="change-table__now-note">Now {formatMoneyCents(r.now)}</span>
              </th>
              <td className="num change-table__now-col">{formatMoneyCents(r.now)}</td>
              <td className="num">{formatMoneyCents(r.next)}</td>
              <td className="num">{formatMoneyCents(r.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Totals before and after, and the change between them. */
export function TotalsBeforeAfter(props: { before: number; after: number; afterLabel: string }) {
  const { before, after, afterLabel } = props;
  const change = fromCents(centsOf(after) - centsOf(before));
  return (
    <dl className="adoption-totals">
      <div>
        <dt>Proposed total now</dt>
        <dd>{formatMoneyCents(before)}</dd>
      </div>
      <div>
        <dt>{afterLabel}</dt>
        <dd>{formatMoneyCents(after)}</dd>
      </div>
      <div>
        <dt>Change</dt>
        <dd>{formatMoneyCents(change)}</dd>
      </div>
    </dl>
  );
}
