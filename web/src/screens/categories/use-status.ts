import { useCallback, useEffect, useState } from 'react';

/** Success messages clear after 3 seconds. */
const SUCCESS_TIMEOUT_MS = 3000;

/** The screen's message: a success that clears after 3 seconds, or an error that stays. */
export function useStatus() {
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string; at: number } | null>(null);
  useEffect(() => {
    if (status?.kind !== 'success') {
      return undefined;
    }
    const timer = window.setTimeout(() => setStatus(null), SUCCESS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  const ok = useCallback((text: string) => setStatus({ kind: 'success', text, at: Date.now() }), []);
  const fail = useCallback((text: string) => setStatus({ kind: 'error', text, at: Date.now() }), []);
  const clear = useCallback(() => setStatus(null), []);
  return { status, ok, fail, clear };
}
