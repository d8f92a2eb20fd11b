import * as Toast from '@radix-ui/react-toast';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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

/** How long a toast stays when nothing pauses Radix's shared timer. */
export const TOAST_MS = 5000;

/**
 * Radix pauses every toast while the pointer moves over them and resumes them when it leaves. A
 * pointer that rests this long without moving lets them go again: a toast must never wait for good
 * on a pointer left where it was (on a phone a toast sits over the grid's last rows, and a click
 * aimed at a row under it leaves the pointer there).
 */
export const POINTER_REST_MS = 10_000;

/**
 * Ends Radix's shared pause through Radix's own handler for focus leaving its viewport (a focusout
 * on the viewport's wrapper with nowhere as the new focus), which restarts every toast's time and
 * clears the paused flag a new toast checks before it starts its timer. Radix itself only resumes
 * on pointerleave, focusout or window focus: when the toast under the pointer closes, the viewport
 * shrinks or empties under it and none of those comes, so every later toast stayed until closed.
 * Not while focus is in a toast: a keyboard user is reading it (focus on the bare viewport is where
 * Radix puts it when the focused toast closes, e.g. after a click on Dismiss).
 */
function releasePause(viewport: HTMLOListElement | null) {
  const wrapper = viewport?.parentElement;
  if (!viewport || !wrapper) {
    return;
  }
  const focused = document.activeElement;
  if (focused && focused !== viewport && viewport.contains(focused)) {
    return;
  }
  wrapper.dispatchEvent(new FocusEvent('focusout', { relatedTarget: null }));
}

/** Short-lived confirmations ("User created") announced to screen readers by Radix Toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const viewportRef = useRef<HTMLOListElement>(null);
  const closedRef = useRef(false);

  const notify = useCallback<Notify>((message) => {
    nextId += 1;
    setItems((current) => [...current, { ...message, id: nextId }]);
  }, []);

  const dismiss = useCallback((id: number) => {
    closedRef.current = true;
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  // A toast closed while they were paused was closed by hand, under the pointer or from the
  // keyboard: the others (and the next ones) get their time back. A layout effect, so Radix's
  // listeners are still there when the last toast has gone (they go once its count reaches 0).
  useLayoutEffect(() => {
    if (closedRef.current) {
      closedRef.current = false;
      releasePause(viewportRef.current);
    }
  }, [items]);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) {
      return undefined;
    }
    let timer = 0;
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => releasePause(viewport), POINTER_REST_MS);
    };
    viewport.addEventListener('pointermove', restart);
    return () => {
      viewport.removeEventListener('pointermove', restart);
      window.clearTimeout(timer);
    };
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={TOAST_MS}>
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
        <Toast.Viewport ref={viewportRef} className="toast-viewport" label="Notifications ({hotkey})" />
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
