import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { CloseIcon } from '@web/components/close-icon';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
}

interface ToastItem extends ToastMessage {
  id: number;
}

type Notify = (message: ToastMessage) => void;

const ToastContext = createContext<Notify | null>(null);

let nextId = 1;

/** Short-lived confirmations ("User created") announced to screen readers by Radix Toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);

  const notify = useCallback<Notify>((message) => {
    nextId += 1;
    setItems((current) => [...current, { ...message, id: nextId }]);
  }, []);

  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={5000}>
        {children}
        {items.map((item) => (
          <Toast.Root
            key={item.id}
            className={`toast${item.variant === 'error' ? ' toast--error' : ''}`}
            type={item.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) {
                dismiss(item.id);
              }
            }}
          >
            <div className="toast__body">
              <Toast.Title className="toast__title">{item.title}</Toast.Title>
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </div>
            <Toast.Close className="icon-button" aria-label="Dismiss notification">
              <CloseIcon size={14} />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) {
    throw new Error('useToast must be used inside ToastProvider');
  }
  return notify;
}
