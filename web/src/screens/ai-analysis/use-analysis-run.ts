import { useCallback, useEffect, useRef, useState } from 'react';
import { useRunAnalysis, type Analysis, type BudgetCutsRequest } from '@web/api/ai-analysis';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * One analysis request at a time, with Cancel: the request's AbortController is kept here, so
 * Cancel (or leaving the screen) aborts the HTTP request and the server stops waiting on Claude.
 */
export function useAnalysisRun(onDone: (analysis: Analysis) => void) {
  const mutation = useRunAnalysis();
  const { mutate, reset } = mutation;
  const controller = useRef<AbortController | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (body: BudgetCutsRequest) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setCancelled(false);
      setStartedAt(Date.now());
      mutate(
        { body, signal: own.signal },
        {
          onSuccess: ({ analysis }) => onDone(analysis),
          onSettled: () => {
            if (controller.current === own) {
              controller.current = null;
            }
          },
        },
      );
    },
    [mutate, onDone],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setCancelled(true);
    reset();
  }, [reset]);

  return {
    start,
    cancel,
    running: mutation.isPending,
    startedAt,
    cancelled,
    error: mutation.isError && !isAbort(mutation.error) ? mutation.error : null,
  };
}
