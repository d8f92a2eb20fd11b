import { useState, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useRemovePositionChange,
  useScenarioPositions,
  type ScenarioPositionChange,
  type ScenarioPositions,
} from '@web/api/scenario-positions';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { Button } from '@web/components/form/button';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead, unseen } from '@web/components/table-head';
import { useToast } from '@web/components/toast';
import { countOf, formatMoneyCents } from '@web/lib/format';
import { AddPositionDialog } from './add-position-dialog';
import { CutPositionsDialog } from './cut-positions-dialog';
import { PickedText } from './picked';
import { fteText } from './position-text';
import './positions.css';

/** 'Saves $X' for a cut, 'Costs $X' for an add; why not when it is unpriced or gone. */
function amountText(c: ScenarioPositionChange): string {
  if (c.stale) {
    return `Saves nothing: ${c.stale}`;
  }
  if (c.amount === null) {
    return c.unpricedReason ?? 'Not priced';
  }
  return `${c.kind === 'cut' ? 'Saves' : 'Costs'} ${formatMoneyCents(c.amount)}`;
}

/**
 * A scenario's cuts and adds by position, as the builder lists them and the adoption's confirmation
 * shows what it will close and create; `remove` adds each row's Remove button (the builder's).
 */
export function PositionChangesTable({
  label,
  changes,
  remove,
}: {
  label: string;
  changes: readonly ScenarioPositionChange[];
  remove?: { busy: boolean; onRemove(change: ScenarioPositionChange): void };
}) {
  return (
    <ScrollArea className="positions__scroll" label={label}>
      <table className="floors__table positions__table">
        <TableHead
          cols={[
            'Position',
            'Building',
            numCol('FTE'),
            'Status',
            'Holders',
            'Picked',
            numCol('Saves / costs'),
            'Reason',
            remove ? unseen('Remove') : null,
          ]}
        />
        <tbody>
          {changes.map((c) => (
            <ChangeRow
              key={c.id}
              change={c}
              canWrite={Boolean(remove)}
              busy={remove?.busy ?? false}
              onRemove={remove?.onRemove ?? (() => undefined)}
            />
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/**
 * One change. Each cell carries its column's name (data-label): where the table is too narrow for
 * its columns (a phone), positions.css shows each change as a block of labelled values instead of
 * hiding Holders, Saves / costs, Reason and Remove off to the right.
 */
function ChangeRow({ change: c, canWrite, onRemove, busy }: RowProps) {
  const where = c.building?.name ?? DISTRICT_WIDE;
  // A reason in place of an amount is a sentence: it wraps, where a figure stays on one line.
  const priced = !c.stale && c.amount !== null;
  return (
    <tr>
      <td className="positions__title">
        <span className={`badge ${c.kind === 'cut' ? 'badge--danger' : 'badge--info'}`}>
          {c.kind === 'cut' ? 'Cut' : 'Add'}
        </span>{' '}
        {c.title}
      </td>
      <td data-label="Building">{where}</td>
      <td className="num" data-label="FTE">
        {fteText(c.fte)}
      </td>
      <td data-label="Status">{c.status}</td>
      <td data-label="Holders">{c.holders.length ? c.holders.join(', ') : '—'}</td>
      <Picked change={c} />
      <td className={priced ? 'num' : 'positions__why'} data-label="Saves / costs">
        {amountText(c)}
      </td>
      <td data-label="Reason">{c.reason ?? ''}</td>
      {canWrite ? (
        <td className="positions__remove">
          <Button
            className="btn--small"
            aria-label={`Remove ${c.kind} of ${c.title} at ${where}`}
            disabled={busy}
            onClick={() => onRemove(c)}
          >
            Remove
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/** Why the cut's order took the position and its $0 warning (picked.tsx); empty for an add. */
function Picked({ change: c }: { change: ScenarioPositionChange }) {
  return (
    <td className="positions__picked" data-label="Picked">
      <PickedText change={c} />
    </td>
  );
}

interface RowProps {
  change: ScenarioPositionChange;
  canWrite: boolean;
  busy: boolean;
  onRemove(change: ScenarioPositionChange): void;
}

/** ' · 2 positions unpriced' after a sum that leaves n changes out; nothing when it leaves none out. */
const note = (n: number, text: string) =>
  n > 0 ? <span className="positions__unpriced-note"> · {text}</span> : null;

/**
 * The sums by position. An unpriced change counts $0 in them, so each sum it is left out of says
 * how many it leaves out (the server counts them: totals.cutsUnpriced, addsUnpriced), and the rows
 * say why.
 */
function Totals({ data }: { data: ScenarioPositions }) {
  const t = data.totals;
  const unpriced = (n: number) => `${countOf(n, 'position')} unpriced`;
  const all = t.cutsUnpriced + t.addsUnpriced;
  const items: [string, string, ReactNode][] = [
    ['FTE cut', fteText(t.cutFte), null],
    ['FTE added', fteText(t.addedFte), null],
    ['Savings', formatMoneyCents(t.savings), note(t.cutsUnpriced, unpriced(t.cutsUnpriced))],
    ['Added cost', formatMoneyCents(t.addedCost), note(t.addsUnpriced, unpriced(t.addsUnpriced))],
    ['Net', formatMoneyCents(t.net), note(all, `leaves out ${countOf(all, 'unpriced position')}`)],
  ];
  return (
    <dl className="positions__totals" aria-label="Totals by position">
      {items.map(([label, value, left]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            {value}
            {left}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Cuts and adds by position in the selected scenario: a personnel cut names a title at a building
 * and an FTE, and saves those positions' cost; an add is a new vacancy. Nothing touches the roster
 * until the scenario is adopted.
 */
export function PositionsPanel({ scenarioId, canWrite }: { scenarioId: number; canWrite: boolean }) {
  const positions = useScenarioPositions(scenarioId);
  const remove = useRemovePositionChange(scenarioId);
  const notify = useToast();
  const [dialog, setDialog] = useState<'cut' | 'add' | null>(null);
  const data = positions.data;

  const onRemove = (c: ScenarioPositionChange) =>
    remove.mutate(c.id, {
      onSuccess: () => notify({ title: `${c.kind === 'cut' ? 'Cut' : 'Add'} of ${c.title} removed` }),
      onError: (err) => notify({ variant: 'error', title: errorMessage(err, 'Failed to remove the change') }),
    });

  return (
    <section className="card positions-panel" aria-labelledby="positions-panel-heading">
      <div className="positions__head">
        <h2 id="positions-panel-heading">Positions</h2>
        {canWrite && data?.available ? (
          <div className="positions__actions">
            <Button variant="primary" onClick={() => setDialog('cut')}>
              Cut positions
            </Button>
            <Button onClick={() => setDialog('add')}>Add position</Button>
          </div>
        ) : null}
      </div>
      {positions.isError ? (
        <Alert title="Failed to load the positions">{errorMessage(positions.error, '')}</Alert>
      ) : null}
      {data && !data.available ? <p className="field__hint">{data.message}</p> : null}
      {data?.available && data.changes.length === 0 ? (
        <p className="field__hint">
          No cuts or adds by position yet. Personnel lines of this year follow the roster: cut them by
          position.
        </p>
      ) : null}
      {data?.available && data.changes.length > 0 ? (
        <>
          <PositionChangesTable
            label="Changes by position"
            changes={data.changes}
            remove={canWrite ? { busy: remove.isPending, onRemove } : undefined}
          />
          <Totals data={data} />
        </>
      ) : null}
      {canWrite ? (
        <>
          <CutPositionsDialog
            open={dialog === 'cut'}
            onOpenChange={(open) => setDialog(open ? 'cut' : null)}
            scenarioId={scenarioId}
          />
          <AddPositionDialog
            open={dialog === 'add'}
            onOpenChange={(open) => setDialog(open ? 'add' : null)}
            scenarioId={scenarioId}
          />
        </>
      ) : null}
    </section>
  );
}
