import { useEffect, useRef, type ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** A request is in flight: the button is disabled, marked busy and shows `busyLabel` if given. */
  busy?: boolean;
  busyLabel?: string;
}

/** The app's button: `type="button"` unless told otherwise, so only a form's submit submits it. */
export function Button({
  variant = 'secondary',
  busy = false,
  busyLabel,
  type = 'button',
  className,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const classes = `btn btn--${variant}${className ? ` ${className}` : ''}`;
  const ref = useRef<HTMLButtonElement>(null);
  // Pressed, then disabled while its request runs: the browser drops focus to the page's body
  // (behind a dialog), so a refused save left the keyboard nowhere. Once the request is over,
  // focus comes back here, unless the user has put it somewhere else meanwhile.
  const pressed = useRef(false);
  useEffect(() => {
    if (!busy && pressed.current) {
      pressed.current = false;
      if (document.activeElement === document.body || document.activeElement === null) {
        ref.current?.focus();
      }
    }
  }, [busy]);
  // A name must hold the text shown (WCAG 2.5.3, Label in Name): while 'Saving...' is shown, a
  // button named 'Save vacancy placement for Teachers' is named 'Saving... Save vacancy placement
  // for Teachers' (axe refused the page in that moment).
  const label = props['aria-label'];
  return (
    <button
      {...props}
      ref={ref}
      onClick={(event) => {
        pressed.current = document.activeElement === event.currentTarget;
        props.onClick?.(event);
      }}
      aria-label={busy && busyLabel && label ? `${busyLabel} ${label}` : label}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/**
 * A small button acting on one row or card: it shows `action` and is named `<action> <name>`
 * ('Delete Teachers'), so a screen reader tells each row's buttons apart.
 */
export function RowAction({
  action,
  name,
  ...props
}: Omit<ButtonProps, 'children' | 'aria-label'> & { action: string; name: string }) {
  return (
    <Button
      {...props}
      className={props.className ? `btn--small ${props.className}` : 'btn--small'}
      aria-label={`${action} ${name}`}
    >
      {action}
    </Button>
  );
}
