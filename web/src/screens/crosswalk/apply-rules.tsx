import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useApplyCrosswalk, type ApplyResult, type CrosswalkYear } from '@web/api/crosswalk';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';

const count = (n: number) => n.toLocaleString('en-US');

const changesText = (r: ApplyResult) =>
  `${count(r.changes.workGroup)} work groups, ${count(r.changes.category)} categories and ${count(r.changes.deseCode)} DESE codes`;

const plural = (n: number, one: string) => `${count(n)} ${one}${n === 1 ? '' : 's'}`;

/**
 * What Apply changes, in the words of its dialog: the year's lines, and the positions of the same
 * titles (a payroll import makes each newcomer's position from their line; the planned year's
 * salary lines follow the positions' categories). Positions alone are still a change to confirm.
 */
export function applyWording(r: ApplyResult, yearLabel: string, overwrite: boolean) {
  const positions = r.changedPositions ? ` and ${plural(r.changedPositions, 'position')}` : '';
  const nothing = !r.changedLines && !r.changedPositions;
  const both = [
    r.changedLines ? plural(r.changedLines, 'line') : '',
    r.changedPositions ? plural(r.changedPositions, 'position') : '',
  ].filter(Boolean);
  return {
    title: nothing ? 'Nothing to change' : `Change ${both.join(' and ')}?`,
    message: nothing
      ? `Every ${yearLabel} line and position the rules match already has what they give.`
      : `Applying the rules sets ${changesText(r)} on ${count(r.changedLines)} ${yearLabel} employee lines${overwrite ? ', replacing values they had' : ''}` +
        (r.changedPositions
          ? `, and the same on ${plural(r.changedPositions, 'position')} of their titles, which the planned year's salary lines follow`
          : '') +
        ". Each change is recorded in the lines' and positions' history.",
    confirmLabel: r.changedLines
      ? `Apply to ${count(r.changedLines)} Lines`
      : r.changedPositions
        ? `Apply to ${count(r.changedPositions)} Positions`
        : 'Apply',
    done:
      `Applied to ${count(r.changedLines)} ${yearLabel} lines${positions}: ${changesText(r)} set` +
      (r.clearedFlags ? `; ${count(r.clearedFlags)} review flags cleared.` : '.'),
  };
}

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
  const wording = dry ? applyWording(dry, yearLabel, overwrite) : null;

  const start = () => check.mutate({ ...year, overwrite, dryRun: true }, { onSuccess: () => setOpen(true) });
  const confirm = () =>
    apply.mutate(
      { ...year, overwrite },
      {
        onSuccess: (r) => {
          setOpen(false);
          onApplied(applyWording(r, yearLabel, overwrite).done);
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
      {wording && open ? (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={wording.title}
          message={wording.message}
          confirmLabel={wording.confirmLabel}
          busy={apply.isPending}
          busyLabel="Applying..."
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
