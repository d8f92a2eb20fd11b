import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@web/api/client';
import { refreshAllLines } from '@web/api/line-items';
import { Alert } from '@web/components/alert';
import { Modal } from '@web/components/modal';
import { FormActions } from '@web/components/form/form-actions';

export interface BulkPickProps {
  ids: readonly number[];
  noun: string;
  busy?: boolean;
  /** Called with what the change did and, when the server answered one, its note on locked salary lines. */
  onDone(message: string, note?: string): void;
}

/** Why a bulk action of the grids waits: nothing is ticked (its button's description and title). */
export const TICK_FIRST = 'Tick lines first (the box at the start of each row)';

/**
 * A bulk action's button: disabled while nothing is ticked, described by (and titled with) the
 * reason, as the Positions manager's Apply to Selected is, rather than refusing the press.
 */
export function BulkButton({
  selected,
  busy,
  variant = 'secondary',
  onClick,
  children,
}: {
  selected: number;
  busy: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
  onClick(): void;
  children: ReactNode;
}) {
  const whyId = useId();
  const none = selected === 0;
  return (
    <>
      <button
        type="button"
        className={`btn btn--${variant} btn--small`}
        disabled={busy || none}
        title={none ? TICK_FIRST : undefined}
        aria-describedby={none ? whyId : undefined}
        onClick={onClick}
      >
        {children}
      </button>
      {none ? (
        <span id={whyId} className="visually-hidden">
          {TICK_FIRST}
        </span>
      ) : null}
    </>
  );
}

/** What an applied change says: the toast's words, and the server's note on locked salary lines if any. */
export type Applied = string | { message: string; note?: string };

interface BulkPickActionProps extends BulkPickProps {
  /** The button's and the dialog's title ('Set Category'). */
  title: string;
  /** Said when Apply is pressed with nothing chosen. */
  required: string;
  /** Said before the server's reason when the change fails. */
  failure: string;
  /** The picker, given the chosen value and a way to change it. */
  field(value: string, onChange: (value: string) => void): ReactNode;
  /** Applies the value to the selected lines and says what it did (the toast's words). */
  apply(value: string): Promise<Applied>;
}

/**
 * A bulk action of the grids that sets one chosen value on the selected lines: a button, and a
 * dialog with one picker, Cancel and Apply. Whatever happens, the lines are read again from the
 * server (a failed chunk may follow successful ones).
 */
export function BulkPickAction(props: BulkPickActionProps) {
  const { ids, noun, busy = false, onDone, title, required, failure, field, apply } = props;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // BulkButton is disabled while nothing is ticked, so the dialog always opens on ticked lines.
  const start = () => {
    setValue('');
    setProblem(null);
    setOpen(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setProblem(required);
      return;
    }
    setSaving(true);
    try {
      const applied = await apply(value);
      setOpen(false);
      if (typeof applied === 'string') {
        onDone(applied);
      } else {
        onDone(applied.message, applied.note);
      }
    } catch (err) {
      setProblem(errorMessage(err, failure));
    } finally {
      setSaving(false);
      void refreshAllLines(queryClient);
    }
  };

  return (
    <>
      <BulkButton selected={ids.length} busy={busy} onClick={start}>
        {title}
      </BulkButton>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={`${ids.length.toLocaleString('en-US')} ${noun} selected`}
      >
        <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
          {problem ? <Alert title="Nothing was changed">{problem}</Alert> : null}
          {field(value, (next) => {
            setValue(next);
            setProblem(null);
          })}
          <FormActions
            onCancel={() => setOpen(false)}
            busy={saving}
            busyLabel="Applying..."
            submitLabel="Apply"
          />
        </form>
      </Modal>
    </>
  );
}
