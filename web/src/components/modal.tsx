import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from '@web/components/return-focus';
import { CloseIcon } from '@web/components/close-icon';

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** Wider content, for record editors (a two-column form and the record's history). */
  wide?: boolean;
  children: ReactNode;
}

/**
 * A dialog with a title, an optional description and a close button. Radix traps focus and closes on
 * Escape; useReturnFocus sends focus back to the control that opened it.
 */
export function Modal({ open, onOpenChange, title, description, wide = false, children }: ModalProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={wide ? 'dialog-content dialog-content--wide' : 'dialog-content'}
          {...returnFocus}
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
              <CloseIcon size={16} />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
