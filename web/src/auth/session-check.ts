import { authApi, type MeResponse } from '@web/api/auth';
import { readToken } from '@web/auth/session-storage';

/**
 * The stored session's check (GET /auth/me), started once at page load before React renders, so
 * it is on its way while the app's code loads and evaluates; SessionProvider takes it instead of
 * asking again. It is for the token stored at page load only: once signed in or out, a new one.
 */
let started: { token: string; answer: Promise<MeResponse> } | null = null;

/** Starts the check of the stored token (main.tsx, once per page load). */
export function startSessionCheck(): void {
  const token = readToken();
  if (token) {
    const answer = authApi.me();
    // Taken later (or never, when the page leaves first): no unhandled rejection meanwhile.
    answer.catch(() => undefined);
    started = { token, answer };
  }
}

/** The check started at page load for the token stored now, or a new one; either way used once. */
export function takeSessionCheck(signal: AbortSignal): Promise<MeResponse> {
  const pending = started;
  started = null;
  if (pending && pending.token === readToken()) {
    return pending.answer;
  }
  return authApi.me(signal);
}
