import { isValidEmail } from '@web/lib/validation';

export const LOGIN_MESSAGES = {
  missing: 'Please enter both email and password',
  badEmail: 'Please enter a valid email address',
  failed: 'Login failed. Please try again.',
} as const;

/** The first problem with the sign-in form, or null when it may be sent. */
export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) {
    return LOGIN_MESSAGES.missing;
  }
  if (!isValidEmail(email)) {
    return LOGIN_MESSAGES.badEmail;
  }
  return null;
}
