import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useContracts, useDeleteContract, type Contract, type ContractStatus } from '@web/api/cola';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Button, RowAction } from '@web/components/form/button';
import { Spinner } from '@web/components/spinner';
import { formatDay, formatPercentage } from '@web/lib/format';
import { ContractForm } from './contract-form';
import { STATUS_LABELS } from './contract-rules';
import { fiscalYearLabel } from '@shared/budget-math';
import { withLinesNote } from './cola-format';
import { ScrollArea } from './scroll-area';
import { TableHead, unseen } from '@web/components/table-head';

const BADGES: Record<ContractStatus, string> = {
  SETTLED: 'badge badge--success',
  NEGOTIATING: 'badge badge--warning',
  EXPIRED: 'badge badge--neutral',
};

const recomputed = (n: number) =>
  n === 1
    ? '1 employee’s next-year salary was recomputed.'
    : `${n} employees’ next-year salaries were recomputed.`;

/** Contracts: the bargaining units' agreements and their COLA per year; add, edit and delete. */
export function ContractsTab() {
  const contracts = useContracts();
  const remove = useDeleteContract();
  const canEdit = useCan('cola.write');
  const [editing, setEditing] = useState<Contract | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Contract | null>(null);
  const [message, setMessage] = useState<{
    variant: 'success' | 'error';
    title: string;
    text: string;
  } | null>(null);

  const confirmDelete = () => {
    const target = toDelete;
    if (!target) {
      return;
    }
    remove.mutate(target.id, {
      onSuccess: (r) => {
        setToDelete(null);
        setMessage({
          variant: 'success',
          title: `Contract “${target.name}” deleted`,
          text: withLinesNote(recomputed(r.recomputedLines), r),
        });
      },
      onError: (err) => {
        setToDelete(null);
        setMessage({ variant: 'error', title: 'Failed to delete contract', text: errorMessage(err, '') });
      },
    });
  };

  const list = contracts.data?.contracts ?? [];
  const names = new Map(list.map((c) => [c.id, c.name]));
  return (
    <div className="cola-tab">
      <div className="cola-tab__header">
        <div>
          <h2>Contracts</h2>
          <p>
            A settled contract’s COLA sets next year’s salaries of its work group; a negotiating one is used
            where no settled contract covers the year. Two settled contracts of one work group cannot cover
            the same year unless the newer supersedes the older, which is kept and marked superseded. Saving
            or deleting a contract recomputes those salaries.
          </p>
        </div>
        {canEdit ? (
          <Button
            variant="primary"
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            Add Contract
          </Button>
        ) : null}
      </div>
      {message ? (
        <div className="page-message">
          <Alert variant={message.variant} title={message.title}>
            {message.text || null}
          </Alert>
        </div>
      ) : null}
      {contracts.isPending ? <Spinner label="Loading contracts..." /> : null}
      {contracts.isError ? (
        <Alert title="Failed to load COLA data">
          {errorMessage(contracts.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      {contracts.isSuccess && list.length === 0 ? (
        <EmptyState title="No contracts yet">
          <p>Add each bargaining unit’s contract and its COLA for every fiscal year it covers.</p>
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <ScrollArea label="Contracts" className="cola-card">
          <table className="table table--compact">
            <caption className="visually-hidden">Contracts</caption>
            <TableHead
              cols={[
                'Name',
                'Work group',
                'Years',
                'Status',
                'Settled on',
                'COLA per year',
                canEdit && unseen('Actions', 'num'),
              ]}
            />
            <tbody>
              {list.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.name}</th>
                  <td>{c.workGroup ?? '—'}</td>
                  <td className="nowrap">
                    {fiscalYearLabel(c.startYear)}–{fiscalYearLabel(c.endYear)}
                    <span className="cola-muted"> · {c.contractYears} yr</span>
                  </td>
                  <td>
                    {c.supersededBy ? (
                      // Kept for the record; the salary rule reads only the contract that replaced it.
                      <span className="badge badge--neutral">Superseded</span>
                    ) : (
                      <span className={BADGES[c.status]}>{STATUS_LABELS[c.status]}</span>
                    )}
                    {c.supersededBy ? (
                      <div className="cola-muted">
                        {STATUS_LABELS[c.status]}, superseded by “{c.supersededBy.name}”; its COLA no longer
                        counts
                      </div>
                    ) : null}
                    {c.supersedesContractId !== null ? (
                      <div className="cola-muted">
                        Supersedes “{names.get(c.supersedesContractId) ?? `#${c.supersedesContractId}`}”
                      </div>
                    ) : null}
                  </td>
                  <td className="nowrap">{formatDay(c.settlementDate, '—')}</td>
                  <td>
                    <ul className="rate-list">
                      {[...c.colaSettings]
                        .sort((a, b) => a.fiscalYear - b.fiscalYear)
                        .map((s) => (
                          <li key={s.fiscalYear}>
                            <span className="cola-muted">{fiscalYearLabel(s.fiscalYear)}</span>{' '}
                            {formatPercentage(s.colaPercentage)}
                          </li>
                        ))}
                    </ul>
                  </td>
                  {canEdit ? (
                    <td>
                      <div className="actions">
                        <RowAction
                          action="Edit"
                          name={c.name}
                          onClick={() => {
                            setEditing(c);
                            setFormOpen(true);
                          }}
                        />
                        <RowAction
                          action="Delete"
                          name={c.name}
                          variant="danger"
                          onClick={() => setToDelete(c)}
                        />
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
      <ContractForm
        open={formOpen}
        onOpenChange={setFormOpen}
        contract={editing}
        onSaved={(r, created) =>
          setMessage({
            variant: 'success',
            title: `Contract “${r.contract.name}” ${created ? 'created' : 'saved'}`,
            text: withLinesNote(recomputed(r.recomputedLines), r),
          })
        }
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete(null);
          }
        }}
        title="Delete contract"
        message={
          toDelete
            ? `Delete “${toDelete.name}”? Next year’s salaries of ${toDelete.workGroup ?? 'its work group'} will be recomputed without it.${toDelete.supersedesContractId !== null ? ` “${names.get(toDelete.supersedesContractId) ?? 'The contract it superseded'}” will be in force again.` : ''}`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
