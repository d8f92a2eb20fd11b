import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@web/api/client';
import {
  bulkDeleteAll,
  inChunks,
  lineItemsApi,
  refreshAllLines,
  type EmployeeLineItem,
  type EmployeeStatus,
} from '@web/api/line-items';
import { useBuildings, useWorkGroups } from '@web/api/lookups';
import { Alert } from '@web/components/alert';
import { DISTRICT_WIDE } from '@web/components/data-grid/column-types';
import { Modal } from '@web/components/modal';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { STATUS_OPTIONS } from '@web/components/employee-form';
import { FunctionCodeField, setFunctionCode } from '@web/components/bulk-function-code';
import { CategoryField, setCategory, useCategoryOptions } from '@web/components/bulk-category';
import { countOf } from '@web/lib/format';
import { ACTIONS, FAILURE, type Action } from '@web/components/bulk-actions';

const NONE = 'none';

/** Every selected line failed to delete: the first few reasons travel in the message. */
class PartialFailure extends Error {}

interface BulkActionsModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  selected: readonly EmployeeLineItem[];
  /**
   * Called after a success with the message to confirm, and the server's note when the locked salary
   * lines the employees' positions cost into do not have the change; the screen clears the selection.
   */
  onDone(message: string, lines?: string): void;
}

const plural = (n: number) => countOf(n, 'employee');

/**
 * The Employee Budget Manager's Bulk Actions: assign building or work group, set status, category
 * (a personnel one) or function code, delete.
 */
export function BulkActionsModal({ open, onOpenChange, selected, onDone }: BulkActionsModalProps) {
  const queryClient = useQueryClient();
  const buildings = useBuildings();
  const workGroups = useWorkGroups();
  const [action, setAction] = useState<Action>('');
  const [buildingId, setBuildingId] = useState('');
  // A work group's id: chosen among the existing groups, never typed (a typo would make a group no
  // contract covers, whose salaries would get no raise).
  const [workGroupId, setWorkGroupId] = useState('');
  const [status, setStatus] = useState<EmployeeStatus>('Active');
  const [functionCode, setCode] = useState('');
  // Employee lines take only a personnel category (the server refuses any other).
  const [categoryId, setCategoryId] = useState('');
  const categories = useCategoryOptions(true);
  const [problem, setProblem] = useState<{ title: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setAction('');
      setBuildingId('');
      setWorkGroupId('');
      setStatus('Active');
      setCode('');
      setCategoryId('');
      setProblem(null);
    }
  }, [open]);

  const buildingOptions = useMemo(
    () => [
      { value: NONE, label: DISTRICT_WIDE },
      ...(buildings.data?.buildings ?? []).map((b) => ({ value: String(b.id), label: b.name })),
    ],
    [buildings.data],
  );
  const workGroupOptions = useMemo(
    () => (workGroups.data?.workGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
    [workGroups.data],
  );

  // The last chunk's note (salaryLines) is the lines as the whole change left them.
  let lines: string | undefined;
  const noted = <P extends { salaryLines?: { message: string } }>(parts: P[]) => {
    lines = parts.findLast((p) => p.salaryLines)?.salaryLines?.message ?? lines;
    return parts;
  };
  const run = async (ids: number[]): Promise<string> => {
    switch (action) {
      case 'building': {
        const building = buildingId === NONE ? null : Number(buildingId);
        const parts = noted(await inChunks(ids, (chunk) => lineItemsApi.bulkBuilding(chunk, building)));
        const name = buildingOptions.find((o) => o.value === buildingId)?.label ?? 'the building';
        return `Assigned ${plural(parts.reduce((n, p) => n + p.count, 0))} to ${name}`;
      }
      case 'workGroup': {
        const name = workGroupOptions.find((o) => o.value === workGroupId)?.label ?? 'the work group';
        const parts = noted(
          await inChunks(ids, (chunk) =>
            lineItemsApi.bulkWorkGroup({ itemIds: chunk, workGroupId: Number(workGroupId) }),
          ),
        );
        return `Assigned ${plural(parts.reduce((n, p) => n + p.count, 0))} to ${name}`;
      }
      case 'status': {
        const parts = noted(await inChunks(ids, (chunk) => lineItemsApi.bulkStatus(chunk, status)));
        return `Set ${plural(parts.reduce((n, p) => n + p.count, 0))} to ${status}`;
      }
      case 'category': {
        const name = categories.options.find((o) => o.value === categoryId)?.label ?? 'the category';
        const [set] = noted([await setCategory(ids, Number(categoryId))]);
        return `Set category ${name} on ${plural(set.count)}`;
      }
      case 'functionCode':
        return `Set function code ${functionCode} on ${plural(await setFunctionCode(ids, functionCode))}`;
      default: {
        // A holder's line deleted vacates its positions: their cost moves, as the other actions' does.
        const [result] = noted([await bulkDeleteAll(ids)]);
        if (result.deleted === 0 && result.failed.length > 0) {
          throw new PartialFailure(
            result.failed
              .slice(0, 5)
              .map((f) => `#${f.id}: ${f.error}`)
              .join('; '),
          );
        }
        if (result.failed.length > 0) {
          return `Deleted ${plural(result.deleted)}; ${result.failed.length} could not be deleted: ${result.failed
            .slice(0, 3)
            .map((f) => `#${f.id}: ${f.error}`)
            .join('; ')}`;
        }
        return `Deleted ${plural(result.deleted)}`;
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (selected.length === 0 || action === '') {
      setProblem({ title: 'Please select employees and choose an action' });
      return;
    }
    if (action === 'building' && buildingId === '') {
      setProblem({ title: 'Please select a building' });
      return;
    }
    if (action === 'workGroup' && workGroupId === '') {
      setProblem({ title: 'Please select a work group' });
      return;
    }
    if (action === 'category' && categoryId === '') {
      setProblem({ title: 'Please choose a category' });
      return;
    }
    if (action === 'functionCode' && functionCode === '') {
      setProblem({ title: 'Please choose a function code' });
      return;
    }
    setBusy(true);
    try {
      const message = await run(selected.map((s) => s.id));
      onDone(message, lines);
    } catch (err) {
      setProblem({
        title: FAILURE[action],
        detail: err instanceof PartialFailure ? err.message : errorMessage(err, ''),
      });
    } finally {
      setBusy(false);
      // Even a failed call may have changed some chunks; show the server's truth.
      void refreshAllLines(queryClient);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Bulk Actions"
      // Its button is disabled until employees are ticked: the dialog always opens on some.
      description={`${plural(selected.length)} selected`}
    >
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        {problem ? <Alert title={problem.title}>{problem.detail || null}</Alert> : null}
        <Field id="bulk-action" label="Action">
          <Select
            id="bulk-action"
            value={action}
            placeholder="Choose an action"
            options={ACTIONS}
            onValueChange={(v) => {
              setAction(v as Action);
              setProblem(null);
            }}
          />
        </Field>
        {action === 'building' ? (
          <Field id="bulk-building" label="Building">
            <Select
              id="bulk-building"
              value={buildingId}
              placeholder="Choose a building"
              options={buildingOptions}
              onValueChange={(v) => {
                setBuildingId(v);
                setProblem(null);
              }}
            />
          </Field>
        ) : null}
        {action === 'workGroup' ? (
          <Field id="bulk-work-group" label="Work group">
            {(control) => (
              <Select
                {...control}
                value={workGroupId}
                placeholder={workGroups.isPending ? 'Loading...' : 'Choose a work group'}
                options={workGroupOptions}
                onValueChange={(v) => {
                  setWorkGroupId(v);
                  setProblem(null);
                }}
              />
            )}
          </Field>
        ) : null}
        {action === 'status' ? (
          <Field id="bulk-status" label="Status" hint="Inactive and Retiring clear the next-year salary.">
            {(control) => (
              <Select
                {...control}
                value={status}
                options={STATUS_OPTIONS}
                onValueChange={(v) => setStatus(v as EmployeeStatus)}
              />
            )}
          </Field>
        ) : null}
        {action === 'category' ? (
          <CategoryField
            personnelOnly
            value={categoryId}
            onChange={(v) => {
              setCategoryId(v);
              setProblem(null);
            }}
          />
        ) : null}
        {action === 'functionCode' ? (
          <FunctionCodeField
            fiscalYear={selected[0]?.fiscalYear}
            value={functionCode}
            onChange={(v) => {
              setCode(v);
              setProblem(null);
            }}
          />
        ) : null}
        {action === 'delete' ? (
          <Alert variant="info" title="This cannot be undone">
            {`The ${plural(selected.length)} selected will be deleted.`}
          </Alert>
        ) : null}
        <div className="form-actions">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            type="submit"
            variant={action === 'delete' ? 'danger' : 'primary'}
            busy={busy}
            busyLabel="Applying..."
            disabled={selected.length === 0}
          >
            {action === 'delete' ? `Delete ${plural(selected.length)}` : 'Apply'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
