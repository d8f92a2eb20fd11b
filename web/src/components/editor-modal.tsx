import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface EditorModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * A wide dialog for record editors (a two-column form and the record's history). Radix handles
 * focus trapping, Escape and the accessible name, as in the app's Modal.
 */
export function EditorModal({ open, onOpenChange, title, description, children }: EditorModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content dialog-content--wide"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog-header">
            <div>
              <Dialog.Title className="dialog-title">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="dialog-description">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close className="icon-button" aria-label="Close">
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
