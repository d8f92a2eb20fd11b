import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useScenarios, useSetActiveScenario, type Scenario, type ScenarioType } from '@web/api/scenarios';
import { useCan } from '@web/auth/use-can';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import '@web/components/data-grid/data-grid.css';
import { Field } from '@web/components/form/field';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { formatDateTime } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/budget-math';
import { CreateBudgetForm } from './create-budget-form';
import { ScrollArea } from '@web/components/scroll-area';
import { numCol, TableHead, unseen } from '@web/components/table-head';

const TYPE_LABEL: Record<ScenarioType, string> = { operating: 'Operating', proposed: 'Proposed' };

/**
 * What the Lines figures count: a budget's lines in its budget year's own fiscal year
 * (Scenario.fiscalYearLineCount), not the other years the budget also holds.
 */
export const linesLabel = (fiscalYear: number) => `Lines in ${fiscalYearLabel(fiscalYear)}`;

/**
 * What 'Set as Active' asks. Making a budget with no lines in its fiscal year active empties that
 * type's figures for the year (the active budget decides which lines every grid, sum and the
 * dashboard count), so the question then says what the dashboard will show and how many of that
 * year's lines of the current active budget stop counting.
 */
export function activationMessage(
  target: Scenario,
  current: Scenario | undefined,
  yearLabel: string,
): string {
  const question = `Make ${target.name} the active ${target.scenarioType} budget?${
    current ? ` ${current.name} will no longer be active.` : ''
  }`;
  if (target.fiscalYearLineCount > 0) {
    return question;
  }
  const fy = fiscalYearLabel(target.fiscalYear);
  const replaced = current
    ? `, in place of the ${current.fiscalYearLineCount.toLocaleString('en-US')} ${fy} line${
        current.fiscalYearLineCount === 1 ? '' : 's'
      } of ${current.name}`
    : '';
  return `${question} ${target.name} has no lines in ${fy}: the dashboard will show $0 for the ${target.scenarioType} budget of ${yearLabel}${replaced}.`;
}

function ActiveCard({ type, scenario }: { type: ScenarioType; scenario: Scenario | undefined }) {
  return (
    <article
      className={`budget-card${scenario ? ' budget-card--active' : ''}`}
      aria-label={`Active ${type} budget`}
    >
      <h3>Active {TYPE_LABEL[type]} Budget</h3>
      {scenario ? (
        <>
          <p>
            <strong>{scenario.name}</strong>
          </p>
          {scenario.description ? <p className="muted">{scenario.description}</p> : null}
          <dl className="meta-list">
            <dt>{linesLabel(scenario.fiscalYear)}</dt>
            <dd>{scenario.fiscalYearLineCount.toLocaleString('en-US')}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(scenario.createdAt)}</dd>
            <dt>Updated</dt>
            <dd>{formatDateTime(scenario.updatedAt)}</dd>
          </dl>
        </>
      ) : (
        <p className="muted">No active {type} budget. Set one as active below.</p>
      )}
    </article>
  );
}

interface BudgetListProps {
  type: ScenarioType;
  /** The budget year's own fiscal year, which the Lines column counts. */
  fiscalYear: number | null;
  scenarios: Scenario[];
  canActivate: boolean;
  onActivate(scenario: Scenario): void;
}

function BudgetList({ type, fiscalYear, scenarios, canActivate, onActivate }: BudgetListProps) {
  return (
    <ScrollArea label={`${TYPE_LABEL[type]} budgets`}>
      <table className="table">
        <caption>{TYPE_LABEL[type]} budgets</caption>
        <TableHead
          cols={[
            'Name',
            'Description',
            numCol(fiscalYear === null ? 'Lines' : linesLabel(fiscalYear)),
            'Updated',
            unseen('Status'),
          ]}
        />
        <tbody>
          {scenarios.length === 0 ? (
            <tr>
              <td colSpan={5} className="muted">
                No {type} budgets yet.
              </td>
            </tr>
          ) : null}
          {scenarios.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.name}</th>
              <td>{s.description ?? ''}</td>
              <td className="num">{s.fiscalYearLineCount.toLocaleString('en-US')}</td>
              <td>{formatDateTime(s.updatedAt)}</td>
              <td>
                <div className="actions">
                  {s.isActive ? (
                    <span className="badge badge--success">Active</span>
                  ) : canActivate ? (
                    <button
                      type="button"
                      className="btn btn--secondary btn--small"
                      aria-label={`Set as Active: ${s.name}`}
                      onClick={() => onActivate(s)}
                    >
                      Set as Active
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/** Budget Management: which operating and proposed budget of a budget year is active. */
export function BudgetManagementTab() {
  const { budgetYears, selected } = useBudgetYear();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const budgetYearId = chosenId ?? selected?.id;
  const scenarios = useScenarios(budgetYearId);
  const setActive = useSetActiveScenario();
  const canActivate = useCan('budgets.manage');
  const canCreate = useCan('scenarios.write');
  const notify = useToast();
  const [confirming, setConfirming] = useState<Scenario | null>(null);
  const [activateError, setActivateError] = useState<string | null>(null);

  const list = scenarios.data?.scenarios ?? [];
  const byType = (t: ScenarioType) => list.filter((s) => s.scenarioType === t);
  const activeOf = (t: ScenarioType) => list.find((s) => s.scenarioType === t && s.isActive);

  const activate = () => {
    if (!confirming) {
      return;
    }
    const target = confirming;
    setActivateError(null);
    setActive.mutate(target.id, {
      onSuccess: () => {
        setConfirming(null);
        notify({ title: `${target.name} is now the active ${target.scenarioType} budget` });
      },
      onError: (err) => {
        setConfirming(null);
        setActivateError(`Failed to set as active: ${errorMessage(err, 'Unknown error')}`);
      },
    });
  };

  const current = confirming ? activeOf(confirming.scenarioType) : undefined;
  const year = budgetYears.find((y) => y.id === budgetYearId);
  const fiscalYear = list[0]?.fiscalYear ?? year?.currentFiscalYear ?? null;
  const yearLabel = year ? (year.name ?? year.fiscalYear) : 'this budget year';
  return (
    <div className="section-stack">
      <div className="filter-bar">
        <Field id="budget-management-year" label="Budget year">
          {(control) => (
            <Select
              {...control}
              value={budgetYearId ? String(budgetYearId) : ''}
              placeholder="Choose a budget year"
              options={budgetYears.map((y) => ({ value: String(y.id), label: y.name ?? y.fiscalYear }))}
              onValueChange={(v) => setChosenId(Number(v))}
            />
          )}
        </Field>
      </div>
      {activateError ? <Alert>{activateError}</Alert> : null}
      {scenarios.isPending && budgetYearId ? <Spinner label="Loading budgets..." /> : null}
      {scenarios.isError ? (
        <Alert title="Failed to load budgets">
          {errorMessage(scenarios.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      <div className="budget-cards">
        <ActiveCard type="operating" scenario={activeOf('operating')} />
        <ActiveCard type="proposed" scenario={activeOf('proposed')} />
      </div>
      <BudgetList
        type="operating"
        fiscalYear={fiscalYear}
        scenarios={byType('operating')}
        canActivate={canActivate}
        onActivate={setConfirming}
      />
      <BudgetList
        type="proposed"
        fiscalYear={fiscalYear}
        scenarios={byType('proposed')}
        canActivate={canActivate}
        onActivate={setConfirming}
      />
      {canCreate ? <CreateBudgetForm budgetYearId={budgetYearId} scenarios={list} /> : null}
      <Alert variant="info" title="Operating and proposed budgets">
        <p>
          An <strong>operating</strong> budget is granular payroll: one line per employee, with salaries, FTE,
          building and work group. A <strong>proposed</strong> budget is the macro view by category, as
          presented to the School Committee. Each budget year has one active budget of each type; the
          dashboard, managers and comparison read the active ones. A new budget starts empty or as a copy of
          another budget&apos;s lines, and stays inactive until you set it as active.
        </p>
      </Alert>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={
          confirming?.fiscalYearLineCount === 0 ? 'Set an empty budget as active' : 'Set as active budget'
        }
        message={confirming ? activationMessage(confirming, current, yearLabel) : ''}
        confirmLabel="Set as Active"
        busyLabel="Saving..."
        busy={setActive.isPending}
        onConfirm={activate}
      />
    </div>
  );
}
