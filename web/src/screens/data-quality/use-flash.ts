import { useCallback, useEffect, useState } from 'react';

export interface Flash {
  variant: 'success' | 'error';
  text: string;
  detail?: string;
}

/** Success messages clear after 3 seconds; errors stay until the next action. */
export const SUCCESS_TIMEOUT_MS = 3000;

/** A message banner whose successes fade after 3 seconds. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (flash?.variant !== 'success') {
      return undefined;
    }
    const timer = setTimeout(() => setFlash(null), SUCCESS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const success = useCallback((text: string) => setFlash({ variant: 'success', text }), []);
  const failure = useCallback(
    (text: string, detail?: string) => setFlash({ variant: 'error', text, detail }),
    [],
  );
  return { flash, success, failure, clear: useCallback(() => setFlash(null), []) };
}
