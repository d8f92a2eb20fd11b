import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useDeleteCutScenario, useSetActiveCutScenario, type CutScenario } from '@web/api/cut-scenarios';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { FilterSelect } from '@web/components/line-filters';
import type { FiscalYearChoice } from '@web/components/manager-filters';
import { useToast } from '@web/components/toast';
import { useEditorSnapshot, type EditorStore } from './editor-store';
import { NewScenarioDialog } from './new-scenario-dialog';
import { fyLabel } from './scenario-math';
import { ScenarioName } from './scenario-name';

interface ScenarioBarProps {
  budgetYearId: number;
  years: FiscalYearChoice;
  scenarios: CutScenario[];
  selected: CutScenario | null;
  onSelect(id: number | null): void;
  canWrite: boolean;
  store: EditorStore;
}

/** 'Saving...', 'Saved' or why the save failed, announced politely. */
function SaveStatus({ store }: { store: EditorStore }) {
  const { save, preview } = useEditorSnapshot(store);
  let text = '';
  if (save.kind === 'saving') {
    text = 'Saving...';
  } else if (save.kind === 'error') {
    text = save.message;
  } else if (preview) {
    text = 'Unsaved changes';
  } else if (save.kind === 'saved') {
    text = 'Saved';
  }
  return (
    <p className={`save-status save-status--${save.kind}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** Fiscal year, the scenario on screen and what can be done with scenarios. */
export function ScenarioBar(props: ScenarioBarProps) {
  const { budgetYearId, years, scenarios, selected, onSelect, canWrite, store } = props;
  const [creating, setCreating] = useState<'new' | 'copy' | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'activate' | null>(null);
  const remove = useDeleteCutScenario();
  const activate = useSetActiveCutScenario();
  const notify = useToast();
  const fy = years.fiscalYear;
  const active = scenarios.find((s) => s.isActive && s.id !== selected?.id);

  const doDelete = () => {
    if (!selected) {
      return;
    }
    remove.mutate(selected.id, {
      onSuccess: () => {
        notify({ title: 'Scenario deleted', description: selected.name });
        onSelect(scenarios.find((s) => s.id !== selected.id)?.id ?? null);
      },
      onError: (err) => notify({ variant: 'error', title: errorMessage(err, 'Failed to delete scenario') }),
      onSettled: () => setConfirm(null),
    });
  };

  const doActivate = () => {
    if (!selected) {
      return;
    }
    activate.mutate(selected.id, {
      onSuccess: () => notify({ title: `${selected.name} is now the active scenario` }),
      onError: (err) =>
        notify({ variant: 'error', title: `Failed to set as active: ${errorMessage(err, 'Unknown error')}` }),
      onSettled: () => setConfirm(null),
    });
  };

  return (
    <section className="card scenario-bar" aria-label="Scenario">
      <div className="filter-bar">
        <FilterSelect
          id="scenario-fiscal-year"
          label="Fiscal year"
          value={fy ? String(fy) : ''}
          options={years.options}
          onChange={(v) => years.choose(Number(v))}
        />
        <FilterSelect
          id="scenario-picker"
          label="Scenario"
          value={selected ? String(selected.id) : ''}
          options={scenarios.map((s) => ({
            value: String(s.id),
            label: `${s.name}${s.isActive ? ' (active)' : ''}`,
          }))}
          onChange={(v) => onSelect(Number(v))}
          disabled={scenarios.length === 0}
          placeholder={scenarios.length === 0 ? 'No scenarios yet' : 'Select a scenario'}
        />
        {canWrite ? (
          <div className="scenario-bar__actions">
            <Button variant="primary" onClick={() => setCreating('new')} disabled={!fy}>
              New Scenario
            </Button>
            <Button onClick={() => setCreating('copy')} disabled={!selected}>
              Copy
            </Button>
            <Button variant="danger" onClick={() => setConfirm('delete')} disabled={!selected}>
              Delete
            </Button>
            <Button onClick={() => setConfirm('activate')} disabled={!selected || selected.isActive}>
              Set as Active
            </Button>
          </div>
        ) : null}
      </div>
      {selected ? (
        <div className="scenario-bar__name">
          <ScenarioName key={selected.id} scenario={selected} canEdit={canWrite} />
          <SaveStatus store={store} />
        </div>
      ) : null}
      {fy ? (
        <NewScenarioDialog
          open={creating !== null}
          onOpenChange={(open) => setCreating(open ? creating : null)}
          budgetYearId={budgetYearId}
          fiscalYear={fy}
          copyFrom={creating === 'copy' ? selected : null}
          onCreated={(scenario) => {
            notify({ title: 'Scenario created', description: scenario.name });
            onSelect(scenario.id);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title="Delete scenario"
        message={`Delete ${selected?.name ?? 'this scenario'} and its cuts? This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={doDelete}
      />
      <ConfirmDialog
        open={confirm === 'activate'}
        onOpenChange={(open) => setConfirm(open ? 'activate' : null)}
        title="Set as Active"
        message={`Make ${selected?.name ?? 'this scenario'} the active scenario for ${fyLabel(fy)}?${
          active ? ` ${active.name} will no longer be active.` : ''
        }`}
        confirmLabel="Set as Active"
        busyLabel="Saving..."
        busy={activate.isPending}
        onConfirm={doActivate}
      />
    </section>
  );
}
