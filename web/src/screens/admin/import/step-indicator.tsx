export const STEPS = ['Upload', 'Map Columns', 'Preview', 'Complete'] as const;
export type StepNumber = 1 | 2 | 3 | 4;

/** The four steps of the import wizard, the current one marked for screen readers. */
export function StepIndicator({ step }: { step: StepNumber }) {
  return (
    <ol className="imp-steps" aria-label="Import steps">
      {STEPS.map((label, i) => {
        const n = i + 1;
        return (
          <li key={label} aria-current={n === step ? 'step' : undefined} data-done={n < step}>
            <span className="imp-steps__n" aria-hidden="true">
              {n < step ? '✓' : n}
            </span>
            <span>
              <span className="visually-hidden">Step {n}: </span>
              {label}
              {n < step ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
