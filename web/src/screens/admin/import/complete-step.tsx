import { Link } from 'react-router';
import type { BaseAnalysis, WizardKind } from './wizard-kind';

interface CompleteStepProps<S, R> {
  kind: Pick<WizardKind<BaseAnalysis, S, never, R>, 'complete'>;
  result: R;
  fileName: string;
  settings: S;
  onRestart(): void;
}

/** Step 4: the kind's account of what landed, where to go next, and another file. */
export function CompleteStep<S, R>({
  kind: { complete },
  result,
  fileName,
  settings,
  onRestart,
}: CompleteStepProps<S, R>) {
  const { Result } = complete;
  return (
    <>
      <Result result={result} fileName={fileName} settings={settings} />
      <div className="imp-actions">
        {complete.links(result).map((link, i) => (
          <Link
            key={link.to}
            className={`btn btn--secondary${i === 0 ? ' imp-actions__start' : ''}`}
            to={link.to}
          >
            {link.label}
          </Link>
        ))}
        <button type="button" className="btn btn--primary" onClick={onRestart}>
          Import Another File
        </button>
      </div>
    </>
  );
}
