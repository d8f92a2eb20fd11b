import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useApplyCrosswalk, type ApplyResult, type CrosswalkYear } from '@web/api/crosswalk';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';

const count = (n: number) => n.toLocaleString('en-US');

const changesText = (r: ApplyResult) =>
  `${count(r.changes.workGroup)} work groups, ${count(r.changes.category)} categories and ${count(r.changes.deseCode)} DESE codes`;

/**
 * Applies the rules to the year's existing lines: first a dry run for the count the confirmation
 * states, then the change itself (through the server's line writer, audited).
 */
export function ApplyRules({
  year,
  yearLabel,
  overwrite,
  onOverwriteChange,
  disabled,
  onApplied,
}: {
  year: CrosswalkYear;
  yearLabel: string;
  overwrite: boolean;
  onOverwriteChange(v: boolean): void;
  disabled: boolean;
  onApplied(message: string): void;
}) {
  const check = useApplyCrosswalk();
  const apply = useApplyCrosswalk();
  const [open, setOpen] = useState(false);
  const dry = check.data;

  const start = () => check.mutate({ ...year, overwrite, dryRun: true }, { onSuccess: () => setOpen(true) });
  const confirm = () =>
    apply.mutate(
      { ...year, overwrite },
      {
        onSuccess: (r) => {
          setOpen(false);
          onApplied(
            `Applied to ${count(r.changedLines)} ${yearLabel} lines: ${changesText(r)} set` +
              (r.clearedFlags ? `; ${count(r.clearedFlags)} review flags cleared.` : '.'),
          );
        },
      },
    );

  return (
    <div className="cw-apply">
      <label className="cw-check">
        <input type="checkbox" checked={overwrite} onChange={(e) => onOverwriteChange(e.target.checked)} />
        Replace values lines already have (otherwise only fill what they lack)
      </label>
      <Button
        variant="primary"
        disabled={disabled}
        busy={check.isPending}
        busyLabel="Counting..."
        onClick={start}
      >
        Apply Rules to {yearLabel} Lines
      </Button>
      {check.isError ? <Alert>{errorMessage(check.error, 'Counting the changes failed')}</Alert> : null}
      {apply.isError ? <Alert>{errorMessage(apply.error, 'Applying the rules failed')}</Alert> : null}
      {dry && open ? (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={dry.changedLines ? `Change ${count(dry.changedLines)} lines?` : 'Nothing to change'}
          message={
            dry.changedLines
              ? `Applying the rules sets ${changesText(dry)} on ${count(dry.changedLines)} ${yearLabel} employee lines${overwrite ? ', replacing values they had' : ''}. Each change is recorded in the lines' history.`
              : `Every ${yearLabel} line the rules match already has what they give.`
          }
          confirmLabel={dry.changedLines ? `Apply to ${count(dry.changedLines)} Lines` : 'Apply'}
          busy={apply.isPending}
          busyLabel="Applying..."
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
