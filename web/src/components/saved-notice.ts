import { useCallback } from 'react';
import { useToast } from '@web/components/toast';

/** A save's answer: it carries the locked salary lines' note (salaryLines) when the change is not in them. */
interface NotedAnswer {
  salaryLines?: { message: string };
}

/** The note of any save's answer (most answers have no salaryLines field at all), if it has one. */
const noteOf = (answer?: object) =>
  answer && 'salaryLines' in answer ? (answer as NotedAnswer).salaryLines?.message : undefined;

/**
 * Confirms a save with the screen's own `ok` (a green line that fades in 3 seconds), or, when the
 * answer carries the locked salary lines' note, with a toast that says both and stays long enough to
 * read, as the Employee Budget Manager's and the bulk cards' confirmations do.
 */
export function useSavedNotice(ok: (message: string) => void) {
  const notify = useToast();
  return useCallback(
    (message: string, answer?: object) => {
      const note = noteOf(answer);
      if (note) {
        notify({ title: message, description: note });
      } else {
        ok(message);
      }
    },
    [notify, ok],
  );
}
