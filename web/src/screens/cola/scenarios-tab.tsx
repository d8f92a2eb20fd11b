import { useEffect, useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useColaCalculation,
  useColaScenarios,
  useColaSettings,
  useSaveColaSettings,
  useSetDefaultScenario,
} from '@web/api/cola';
import { useWorkGroupCategories } from '@web/api/work-groups';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { formatPercentage } from '@web/lib/format';
import { ColaImpact } from './cola-impact';
import { fiscalYearLabel } from '@shared/budget-math';
import { withLinesNote } from './cola-format';
import { ScenarioCreate } from './scenario-create';
import { ScenarioGrid } from './scenario-grid';
import { ScenarioLongTerm } from './scenario-long-term';
import { checkGrid, gridCategories, gridFromSettings, type GridValues } from './scenario-grid-rules';

type Message = { variant: 'success' | 'error'; title: string; text?: string };

/** COLA Scenarios: the COLA assumed per work-group category and year, and what it costs. */
export function ScenariosTab() {
  const scenarios = useColaScenarios();
  const categories = useWorkGroupCategories();
  const canEdit = useCan('cola.write');
  const [scenarioId, setScenarioId] = useState<number | null>(null);
  const settings = useColaSettings(scenarioId);
  const save = useSaveColaSettings();
  const setDefault = useSetDefaultScenario();
  const calculate = useColaCalculation();
  const [values, setValues] = useState<GridValues>({});
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirmDefault, setConfirmDefault] = useState(false);

  const list = scenarios.data?.scenarios ?? [];
  const rows = gridCategories(categories.data?.categories ?? []);
  const selected = list.find((s) => s.id === scenarioId) ?? null;

  // The default scenario (the one next-year salaries use) is chosen first, else the first one.
  useEffect(() => {
    if (scenarioId === null && list.length > 0) {
      setScenarioId((list.find((s) => s.isDefault) ?? list[0]).id);
    }
  }, [list, scenarioId]);
  useEffect(() => {
    setValues(gridFromSettings(settings.data?.settings ?? []));
    setCellErrors({});
  }, [settings.data]);

  const choose = (id: number) => {
    setScenarioId(id);
    setMessage(null);
    calculate.reset();
  };

  const onSave = () => {
    const checked = checkGrid(scenarioId, list, rows, values);
    setCellErrors(checked.cellErrors);
    if (!checked.body) {
      setMessage({ variant: 'error', title: checked.message ?? 'Failed to save settings: Unknown error' });
      return;
    }
    save.mutate(checked.body, {
      onSuccess: (r) =>
        setMessage({
          variant: 'success',
          title: `COLA settings saved for ${selected?.name ?? 'the scenario'}`,
          text: selected?.isDefault
            ? withLinesNote(
                `${r.recomputedLines} next-year salaries were recomputed with these percentages.`,
                r,
              )
            : 'This scenario is not the one used for next-year salaries, so no salary moved.',
        }),
      onError: (err) =>
        setMessage({
          variant: 'error',
          title: `Failed to save settings: ${errorMessage(err, 'Unknown error')}`,
        }),
    });
  };

  const onSetDefault = () => {
    if (scenarioId === null) {
      return;
    }
    setDefault.mutate(scenarioId, {
      onSuccess: (r) => {
        setConfirmDefault(false);
        setMessage({
          variant: 'success',
          title: `${r.scenario.name} is now used for next-year salaries`,
          text: withLinesNote(`${r.recomputedLines} next-year salaries were recomputed.`, r),
        });
      },
      onError: (err) => {
        setConfirmDefault(false);
        setMessage({
          variant: 'error',
          title: `Failed to set as default: ${errorMessage(err, 'Unknown error')}`,
        });
      },
    });
  };

  const overrides = (settings.data?.settings ?? []).filter((s) => s.workGroupId !== null);
  return (
    <div className="cola-tab">
      <div className="cola-tab__header">
        <div>
          <h2>COLA Scenarios</h2>
          <p>
            The COLA assumed for each work-group category where no contract sets it. The scenario marked as
            used for next-year salaries fills those salaries; any scenario can be calculated.
          </p>
        </div>
        {canEdit ? <Button onClick={() => setCreating(true)}>New Scenario</Button> : null}
      </div>
      {scenarios.isPending || categories.isPending ? <Spinner label="Loading COLA scenarios..." /> : null}
      {scenarios.isError || categories.isError ? (
        <Alert title="Failed to load COLA data">
          {errorMessage(scenarios.error ?? categories.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      <div className="cola-toolbar">
        <div className="field">
          <label htmlFor="cola-scenario">Scenario</label>
          <Select
            id="cola-scenario"
            value={scenarioId === null ? '' : String(scenarioId)}
            onValueChange={(v) => choose(Number(v))}
            placeholder="Choose a scenario"
            options={list.map((s) => ({
              value: String(s.id),
              label: s.isDefault ? `${s.name} (used for next-year salaries)` : s.name,
            }))}
          />
        </div>
        {selected?.isDefault ? (
          <span className="badge badge--accent">Used for next-year salaries</span>
        ) : canEdit && selected ? (
          <Button onClick={() => setConfirmDefault(true)}>Use for next-year salaries</Button>
        ) : null}
      </div>
      {selected?.description ? <p className="cola-muted">{selected.description}</p> : null}
      {message ? (
        <div className="page-message">
          <Alert variant={message.variant} title={message.title}>
            {message.text ?? null}
          </Alert>
        </div>
      ) : null}
      {settings.isError ? (
        <Alert title="Failed to load COLA data">
          {errorMessage(settings.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      <ScenarioGrid
        categories={rows}
        values={values}
        errors={cellErrors}
        // Until the chosen scenario's own percentages arrive, which replace the grid's values: a
        // value typed before them was lost (a COLA e2e test typed 120 right after New Scenario).
        disabled={!canEdit || settings.isPending}
        onChange={(key, value) => {
          setValues((v) => ({ ...v, [key]: value }));
          setCellErrors((e) => (e[key] ? { ...e, [key]: '' } : e));
        }}
      />
      {overrides.length > 0 ? (
        <p className="field__hint">
          Work-group settings of this scenario (they come before the category’s):{' '}
          {overrides
            .map(
              (o) => `${o.workGroup} ${fiscalYearLabel(o.fiscalYear)} ${formatPercentage(o.colaPercentage)}`,
            )
            .join('; ')}
          .
        </p>
      ) : null}
      <div className="cola-actions">
        {canEdit ? (
          <Button variant="primary" busy={save.isPending} busyLabel="Saving..." onClick={onSave}>
            Save Settings
          </Button>
        ) : null}
        <Button
          busy={calculate.isPending}
          busyLabel="Calculating..."
          disabled={scenarioId === null}
          onClick={() => scenarioId !== null && calculate.mutate({ scenarioId })}
        >
          Calculate COLA Impact
        </Button>
        <span className="field__hint">A blank cell leaves that year’s setting as it is.</span>
      </div>
      {selected ? <ScenarioLongTerm scenario={selected} canEdit={canEdit} /> : null}
      {calculate.isError ? (
        <Alert title="Failed to calculate COLA impact">{errorMessage(calculate.error, '') || null}</Alert>
      ) : null}
      {calculate.data ? <ColaImpact result={calculate.data} scenarioName={selected?.name ?? ''} /> : null}
      <ScenarioCreate
        open={creating}
        onOpenChange={setCreating}
        onCreated={(s) => {
          choose(s.id);
          setMessage({ variant: 'success', title: `Scenario ${s.name} created` });
        }}
      />
      <ConfirmDialog
        open={confirmDefault}
        onOpenChange={setConfirmDefault}
        title="Use for next-year salaries"
        message={`Next year’s salaries of work groups with no contract for the year will use the COLA of “${selected?.name ?? ''}”, and are recomputed now. Continue?`}
        confirmLabel="Use this scenario"
        busyLabel="Recomputing..."
        busy={setDefault.isPending}
        onConfirm={onSetDefault}
      />
    </div>
  );
}
