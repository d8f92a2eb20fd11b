import { Alert } from '@web/components/alert';
import type { Flash } from '@web/screens/data-quality/use-flash';

/** 'Records merged successfully!' or '✗ Failed to merge' with the server's reason. */
export function FlashBanner({ flash }: { flash: Flash | null }) {
  if (!flash) {
    return null;
  }
  return (
    <div className="grid-outcome">
      <Alert variant={flash.variant} title={flash.variant === 'success' ? flash.text : `✗ ${flash.text}`}>
        {flash.detail && flash.detail !== flash.text ? flash.detail : null}
      </Alert>
    </div>
  );
}
