import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrosswalkImportSummary } from '@shared/schemas/crosswalk';
import { api } from '@web/api/client';
import { crosswalkKeys, type CrosswalkRule, type CrosswalkRuleInput } from '@web/api/crosswalk';
import { Alert } from '@web/components/alert';
import { useRuleChoices } from '@web/components/crosswalk/choices';
import { UnmatchedTitles } from '@web/components/crosswalk/unmatched-titles';

const count = (n: number) => n.toLocaleString('en-US');
const rows = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;

/**
 * Rules for the file's unmatched titles, checked against those titles (the file is not imported
 * yet, so no year's lines carry them). The crosswalk screen's lists are stale afterwards.
 */
function useCreateRulesForFile(titles: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: CrosswalkRuleInput[]) =>
      api.post<{ rules: CrosswalkRule[] }>('/crosswalk/rules/batch', { rules, titles }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crosswalkKeys.all }),
  });
}

/**
 * The position crosswalk in the wizard's preview: what it gives the file's rows (the
 * dry run applies the rules as the import will). Shown above the rows, whose values carry a badge.
 */
export function CrosswalkSummaryLine({ summary }: { summary: CrosswalkImportSummary }) {
  const given = [
    summary.workGroupRows ? `a work group to ${rows(summary.workGroupRows)}` : '',
    summary.categoryRows ? `a category to ${rows(summary.categoryRows)}` : '',
    summary.deseCodeRows ? `a DESE function code to ${rows(summary.deseCodeRows)}` : '',
    summary.fundRows ? `a fund to ${rows(summary.fundRows)}` : '',
  ].filter(Boolean);
  return (
    <div className="imp-section">
      <h3>Position crosswalk</h3>
      <p className="imp-cw-summary" aria-live="polite">
        <strong>
          {rows(summary.matchedRows)} placed by the crosswalk · {rows(summary.unmatchedRows)} no rule matched
        </strong>
        {given.length ? `. The rules give ${given.join(', ')}; values in the file are kept.` : '.'}
        {summary.rules === 0 ? ' There are no crosswalk rules yet.' : ''}
      </p>
    </div>
  );
}

/**
 * The file's titles no rule matches, with their row counts, and rules for them created in one go
 * (the crosswalk screen's list); `onRulesCreated` re-runs the dry run so the rows show them.
 */
export function CrosswalkUnmatched({
  summary,
  onRulesCreated,
}: {
  summary: CrosswalkImportSummary;
  onRulesCreated(): void;
}) {
  const choices = useRuleChoices();
  const titles = useMemo(() => summary.unmatchedTitles.map((t) => t.title), [summary.unmatchedTitles]);
  const create = useCreateRulesForFile(titles);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      {done ? (
        <Alert variant="success">{done}. The preview above is checked again with the new rules.</Alert>
      ) : null}
      {summary.unmatchedTitles.length ? (
        <UnmatchedTitles
          titles={summary.unmatchedTitles}
          total={summary.unmatchedRows}
          titleCount={summary.unmatchedTitleCount}
          choices={choices}
          create={create}
          noun="rows"
          headingLevel={3}
          onCreated={(message) => {
            setDone(message);
            onRulesCreated();
          }}
        />
      ) : null}
    </>
  );
}
