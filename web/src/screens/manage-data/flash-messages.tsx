import { Alert } from '@web/components/alert';
import type { Flash } from './use-flash';

/** The green success line and the red error banner of a Manage Data tab. */
export function FlashMessages({ flash }: { flash: Flash }) {
  if (!flash.success && !flash.error) {
    return null;
  }
  return (
    <div className="md-flash">
      {flash.success ? <Alert variant="success">{flash.success}</Alert> : null}
      {flash.error ? (
        <div className="md-flash__error">
          <Alert>{flash.error}</Alert>
          <button type="button" className="btn btn--ghost btn--small" onClick={flash.clear}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
