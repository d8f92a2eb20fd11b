import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '@web/components/return-focus';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The confirm button cannot be pressed (what it would do is refused, the message says why). */
  disabled?: boolean;
  onConfirm(): void;
  /** Choices to make before confirming, shown under the message. */
  children?: ReactNode;
}

/**
 * Asks before something irreversible; Cancel has the initial focus, Escape cancels, and focus goes
 * back to the control that asked (useReturnFocus).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    message,
    confirmLabel,
    busyLabel,
    busy = false,
    disabled = false,
    onConfirm,
    children,
  } = props;
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content" {...returnFocus}>
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{message}</AlertDialog.Description>
          {children}
          <div className="form-actions">
            <AlertDialog.Cancel className="btn btn--secondary">Cancel</AlertDialog.Cancel>
            <button type="button" className="btn btn--danger" disabled={busy || disabled} onClick={onConfirm}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
