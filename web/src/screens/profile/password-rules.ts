import { PASSWORD_MIN } from '@shared/schemas/auth';

export const PASSWORD_MESSAGES = {
  missing: 'Please fill in all password fields',
  mismatch: 'New passwords do not match',
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  failed: 'Failed to change password',
} as const;

/** The first problem with the change-password form, or null. */
export function validatePasswordChange(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) {
    return PASSWORD_MESSAGES.missing;
  }
  if (next !== confirm) {
    return PASSWORD_MESSAGES.mismatch;
  }
  if (next.length < PASSWORD_MIN) {
    return PASSWORD_MESSAGES.tooShort;
  }
  return null;
}
