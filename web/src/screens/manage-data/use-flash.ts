import { useCallback, useEffect, useMemo, useState } from 'react';

/** Success messages clear after 3 seconds. */
export const SUCCESS_TIMEOUT_MS = 3000;

export interface Flash {
  success: string | null;
  error: string | null;
  /** Shows a green message that clears itself after 3 seconds (and clears any error). */
  ok(message: string): void;
  /** Shows a red banner that stays until the next action. */
  fail(message: string): void;
  clear(): void;
}

/** The screen's one message area: green successes that fade, red errors that stay. */
export function useFlash(): Flash {
  const [success, setSuccess] = useState<{ text: string; at: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!success) {
      return undefined;
    }
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const ok = useCallback((text: string) => {
    setError(null);
    setSuccess({ text, at: Date.now() });
  }, []);
  const fail = useCallback((text: string) => {
    setSuccess(null);
    setError(text);
  }, []);
  const clear = useCallback(() => {
    setSuccess(null);
    setError(null);
  }, []);

  return useMemo(
    () => ({ success: success?.text ?? null, error, ok, fail, clear }),
    [success, error, ok, fail, clear],
  );
}
