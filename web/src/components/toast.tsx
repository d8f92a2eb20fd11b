import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/** How long a toast stays, unless the pointer rests on it or focus is in it. */
export const TOAST_MS = 5000;

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
      {/* Radix's own timer is off (Infinity): its pause is shared by every toast and stays on when
          a toast under the pointer goes, so every later toast ('Scenario created' over the
          Scenario Builder's grid) stayed until closed by hand. Each toast keeps its own time. */}
      <Toast.Provider swipeDirection="right" duration={Infinity}>
        {children}
        {items.map((item) => (
          <ToastItem key={item.id} item={item} dismiss={dismiss} />
        ))}
        <Toast.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

/** One toast: it closes after TOAST_MS, waiting while the pointer rests on it or focus is in it. */
function ToastItem({ item, dismiss }: { item: ToastItem; dismiss(id: number): void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) {
      return undefined;
    }
    // Its time starts again when it resumes.
    const timer = window.setTimeout(() => dismiss(item.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [paused, dismiss, item.id]);
  return (
    <Toast.Root
      className={`toast${item.variant === 'error' ? ' toast--error' : ''}`}
      type={item.variant === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) {
          dismiss(item.id);
        }
      }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setFocused(false);
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
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) {
    throw new Error('useToast must be used inside ToastProvider');
  }
  return notify;
}
