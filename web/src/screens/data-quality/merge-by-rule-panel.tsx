import { useState } from 'react';
import { MERGE_RULE_LABELS, MERGE_RULES } from '@shared/schemas/duplicates';
import { errorMessage } from '@web/api/client';
import {
  useMergeByRule,
  useMergeByRulePreview,
  type MergeByRuleResult,
  type MergeRule,
} from '@web/api/duplicates';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { MergePreview } from '@web/screens/data-quality/merge-preview';

interface MergeByRulePanelProps {
  budgetYearId: number;
  /** True while a single merge or dismissal runs. */
  busy: boolean;
  onMerged(result: MergeByRuleResult): void;
  onFailed(detail: string): void;
}

/**
 * Merge by rule: choose which record each group keeps, preview every group's outcome (and the
 * groups the rule cannot decide), then confirm; the server merges the previewed groups exactly as
 * shown, in one transaction, or none of them.
 */
export function MergeByRulePanel({ budgetYearId, busy, onMerged, onFailed }: MergeByRulePanelProps) {
  const [rule, setRule] = useState<MergeRule>('keep-imported');
  const preview = useMergeByRulePreview();
  const merge = useMergeByRule();
  const result = preview.data;
  const working = busy || preview.isPending || merge.isPending;

  const choose = (next: MergeRule) => {
    setRule(next);
    preview.reset();
  };
  const confirm = () => {
    if (!result) {
      return;
    }
    const merges = result.merges.map((m) => ({ keepId: m.keepId, removeIds: m.removeIds }));
    merge.mutate(
      { budgetYearId, rule, merges },
      {
        onSuccess: (done) => {
          preview.reset();
          onMerged(done);
        },
        onError: (err) => {
          preview.reset();
          onFailed(errorMessage(err, 'Please preview again.'));
        },
      },
    );
  };

  return (
    <section className="dq-rule" aria-labelledby="dq-rule-title">
      <h3 id="dq-rule-title">Merge by rule</h3>
      <p className="muted">
        Merge many groups at once: each group keeps the record the rule picks and the others are deleted. A
        group the rule cannot decide is left for you to review below.
      </p>
      <fieldset className="option-group">
        <legend>Rule</legend>
        {MERGE_RULES.map((r) => (
          <label key={r}>
            <input
              type="radio"
              name="dq-merge-rule"
              value={r}
              checked={rule === r}
              disabled={working}
              onChange={() => choose(r)}
            />
            {MERGE_RULE_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <div className="form-actions dq-rule__actions">
        <Button
          disabled={working}
          busy={preview.isPending}
          busyLabel="Previewing..."
          onClick={() => preview.mutate({ budgetYearId, rule })}
        >
          Preview
        </Button>
      </div>
      {preview.isError ? (
        <Alert title="Failed to preview">{errorMessage(preview.error, 'Please try again.')}</Alert>
      ) : null}
      {result ? (
        <>
          <MergePreview result={result} />
          {result.mergedGroupCount > 0 ? (
            <p className="dq-rule__warning">
              Confirming deletes {result.removedRecordCount.toLocaleString('en-US')} record
              {result.removedRecordCount === 1 ? '' : 's'}; deleted records cannot be recovered.
            </p>
          ) : null}
          <div className="form-actions dq-rule__actions">
            <Button disabled={working} onClick={() => preview.reset()}>
              Cancel
            </Button>
            {result.mergedGroupCount > 0 ? (
              <Button
                variant="danger"
                disabled={working}
                busy={merge.isPending}
                busyLabel="Merging..."
                onClick={confirm}
              >
                {`Confirm: merge ${result.mergedGroupCount} group${result.mergedGroupCount === 1 ? '' : 's'}`}
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
