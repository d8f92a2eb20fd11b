import { useState, type InputHTMLAttributes } from 'react';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  /** Controlled visibility, e.g. to reveal a generated password. */
  visible?: boolean;
  onVisibleChange?(visible: boolean): void;
}

/** A password input with a Show/Hide toggle named for screen readers. */
export function PasswordInput({ visible, onVisibleChange, className, ...inputProps }: PasswordInputProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = () => {
    const next = !shown;
    setOwnVisible(next);
    onVisibleChange?.(next);
  };
  return (
    <div className="input-group">
      <input {...inputProps} type={shown ? 'text' : 'password'} className={className ?? 'input'} />
      <button
        type="button"
        className="btn btn--secondary"
        onClick={toggle}
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-controls={inputProps.id}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
