import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@web/api/client';
import {
  useCrosswalkPreview,
  useCrosswalkRules,
  useDeleteRule,
  type CrosswalkRule,
  type CrosswalkYear,
} from '@web/api/crosswalk';
import { useFiscalYears } from '@web/api/fiscal-years';
import { useBudgetYear } from '@web/budget-year/budget-year-context';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { useRuleChoices } from '@web/components/crosswalk/choices';
import { UnmatchedTitles } from '@web/components/crosswalk/unmatched-titles';
import { Button } from '@web/components/form/button';
import { PageHeader } from '@web/components/page-header';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { countOf, formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { ApplyRules } from './apply-rules';
import { RuleEditor } from './rule-editor';
import { RulesTable } from './rules-table';
import './crosswalk.css';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Position Crosswalk: the ADMIN's rules giving a job title (exact or by pattern)
 * a work group, a personnel category and a DESE function code; how many lines of a year each rule
 * matches and what applying it would change; applying them to the year's lines; and the titles
 * no rule matches, with rules for them created in one go.
 */
export function CrosswalkScreen() {
  const { selected } = useBudgetYear();
  const years = useFiscalYears(selected?.id);
  const [fiscalYear, setFiscalYear] = useState<number | null>(null);
  useEffect(
    () => setFiscalYear(selected?.currentFiscalYear ?? null),
    [selected?.id, selected?.currentFiscalYear],
  );
  const year = useMemo<CrosswalkYear | null>(
    () => (selected && fiscalYear !== null ? { budgetYearId: selected.id, fiscalYear } : null),
    [selected, fiscalYear],
  );
  const [overwrite, setOverwrite] = useState(false);
  const rules = useCrosswalkRules();
  const preview = useCrosswalkPreview(year, overwrite);
  const choices = useRuleChoices(year?.fiscalYear);
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<CrosswalkRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CrosswalkRule | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const header = (
    <PageHeader
      title="Position Crosswalk"
      subtitle="Rules that give each job title its work group, personnel category and DESE function code, on import and on the lines already there, and the fund that pays an imported row naming none."
      actions={
        year ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            Add Rule
          </Button>
        ) : null
      }
    />
  );
  if (!selected || !year) {
    return (
      <>
        {header}
        <EmptyState title="No budget year selected" />
      </>
    );
  }
  const yearLabel = fiscalYearLabel(year.fiscalYear);
  const p = preview.data;
  const yearOptions = [...new Set([...(years.data?.fiscalYears ?? []), year.fiscalYear])]
    .sort((a, b) => a - b)
    .map((y) => ({ value: String(y), label: fiscalYearLabel(y) }));

  return (
    <>
      {header}
      <div className="cw-toolbar">
        <div className="field field--inline">
          <label htmlFor="cw-year">Lines of fiscal year</label>
          <Select
            id="cw-year"
            value={String(year.fiscalYear)}
            options={yearOptions}
            onValueChange={(v) => setFiscalYear(Number(v))}
          />
        </div>
        <ApplyRules
          year={year}
          yearLabel={yearLabel}
          overwrite={overwrite}
          onOverwriteChange={setOverwrite}
          disabled={!rules.data?.rules.length}
          onApplied={setDone}
        />
      </div>
      {done ? (
        <Alert variant="success" title="Done">
          {done}
        </Alert>
      ) : null}
      {remove.isError ? <Alert>{errorMessage(remove.error, 'Deleting the rule failed')}</Alert> : null}
      {preview.isError ? (
        <Alert title="Failed to load the preview">
          {errorMessage(preview.error, 'Please reload the page.')}
        </Alert>
      ) : null}
      {p && p.unusableRules.length ? (
        <Alert
          title={`${countOf(p.unusableRules.length, 'rule')} left out: the pattern is no longer accepted`}
        >
          <ul className="cw-list">
            {p.unusableRules.map((r) => (
              <li key={r.ruleId}>{r.message}. Edit the rule or delete it; until then it matches no title.</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {p ? (
        <dl className="cw-kpis" aria-label={`${yearLabel} employee lines`}>
          <div className="cw-kpi">
            <dt>Employee lines</dt>
            <dd className="num">{count(p.lineCount)}</dd>
          </div>
          <div className="cw-kpi">
            <dt>Matched by a rule</dt>
            <dd className="num">
              {count(p.matchedLines)} <small>{formatMoney(p.matchedAmount)}</small>
            </dd>
          </div>
          <div className="cw-kpi">
            <dt>No rule matches</dt>
            <dd className="num">
              {count(p.unmatchedLines)} <small>{formatMoney(p.unmatchedAmount)}</small>
            </dd>
          </div>
          <div className="cw-kpi">
            <dt>Apply would change</dt>
            <dd className="num">{count(p.changedLines)} lines</dd>
          </div>
        </dl>
      ) : null}
      <section className="card card--flush cw-section" aria-labelledby="cw-rules">
        <h2 id="cw-rules" className="cw-heading">
          Rules
        </h2>
        {rules.isPending ? <Spinner label="Loading the rules..." /> : null}
        {rules.isError ? <Alert>{errorMessage(rules.error, 'Failed to load the rules')}</Alert> : null}
        {rules.data && rules.data.rules.length === 0 ? (
          <p className="muted cw-heading">No rules yet: add one, or create them from the titles below.</p>
        ) : null}
        {rules.data && rules.data.rules.length ? (
          <RulesTable
            rules={rules.data.rules}
            preview={p}
            fiscalYearLabel={yearLabel}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        ) : null}
      </section>
      {p && p.conflicts.length ? (
        <section className="card cw-section" aria-labelledby="cw-conflicts">
          <h2 id="cw-conflicts">Titles two rules disagree on</h2>
          <ul className="cw-list">
            {p.conflicts.map((c) => (
              <li key={`${c.title}-${c.field}`}>
                <strong>{c.title}</strong> ({countOf(c.lines, 'line')}): {c.winnerLabel} wins over{' '}
                {c.loserLabel}. {c.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {p ? (
        <UnmatchedTitles
          key={`${year.budgetYearId}-${year.fiscalYear}`}
          titles={p.unmatchedTitles}
          total={p.unmatchedLines}
          year={year}
          choices={choices}
          onCreated={setDone}
        />
      ) : null}
      {editing ? (
        <RuleEditor
          rule={editing === 'new' ? null : editing}
          year={year}
          choices={choices}
          onClose={(message) => {
            setEditing(null);
            if (message) {
              setDone(message);
            }
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this rule?"
        message={`The rule for '${deleting?.pattern ?? ''}' is deleted; lines keep what it gave them.`}
        confirmLabel="Delete Rule"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDone(`Rule for '${deleting.pattern}' deleted`);
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
