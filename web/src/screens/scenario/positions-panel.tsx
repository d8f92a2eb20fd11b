import { useState } from 'react';
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
import { formatMoneyCents } from '@web/lib/format';
import { AddPositionDialog } from './add-position-dialog';
import { CutPositionsDialog } from './cut-positions-dialog';
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

function ChangeRow({ change: c, canWrite, onRemove, busy }: RowProps) {
  const where = c.building?.name ?? DISTRICT_WIDE;
  return (
    <tr>
      <td>
        <span className={`badge ${c.kind === 'cut' ? 'badge--danger' : 'badge--info'}`}>
          {c.kind === 'cut' ? 'Cut' : 'Add'}
        </span>{' '}
        {c.title}
      </td>
      <td>{where}</td>
      <td className="num">{fteText(c.fte)}</td>
      <td>{c.status}</td>
      <td>{c.holders.length ? c.holders.join(', ') : '—'}</td>
      <td className="num">{amountText(c)}</td>
      <td>{c.reason ?? ''}</td>
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

interface RowProps {
  change: ScenarioPositionChange;
  canWrite: boolean;
  busy: boolean;
  onRemove(change: ScenarioPositionChange): void;
}

function Totals({ data }: { data: ScenarioPositions }) {
  const t = data.totals;
  const items: [string, string][] = [
    ['FTE cut', fteText(t.cutFte)],
    ['FTE added', fteText(t.addedFte)],
    ['Savings', formatMoneyCents(t.savings)],
    ['Added cost', formatMoneyCents(t.addedCost)],
    ['Net', formatMoneyCents(t.net)],
  ];
  return (
    <dl className="positions__totals" aria-label="Totals by position">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
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
