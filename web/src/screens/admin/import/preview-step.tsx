import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert } from '@web/components/alert';
import { Spinner } from '@web/components/spinner';
import { repeatImportText, type EarlierImport } from '@shared/import-words';
import { failureText, lockedYearText } from './failure-text';
import type { FieldMapping } from './mapping';
import type { BaseAnalysis, WizardKind } from './wizard-kind';

interface PreviewStepProps<A extends BaseAnalysis, S, B extends { dryRun?: boolean }, R> {
  kind: Pick<WizardKind<A, S, B, R>, 'preview' | 'useExecute'>;
  analysis: A;
  mapping: FieldMapping;
  body: B;
  /**
   * What the kind's options add to the body (leave out other departments, replace a later period),
   * kept by the wizard like its other choices: Back and Preview again do not undo them.
   */
  options: Partial<B>;
  onOptionsChange(options: Partial<B>): void;
  onBack(): void;
  onImported(result: R): void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** A locked year refuses any file however it is mapped: the title says so, not the mapping. */
const checkTitle = (error: unknown, refusedTitle: string | undefined) =>
  lockedYearText(error) ? 'This year is locked' : refusedTitle;

/**
 * Beside the Import button: the same bytes went into this budget year as this kind before, and
 * importing adds their lines a second time. The server refuses the repeat unless asked, so Import
 * waits for the 'Import again' box.
 */
function RepeatWarning({
  repeats,
  again,
  onAgain,
}: {
  repeats: EarlierImport[];
  again: boolean;
  onAgain(again: boolean): void;
}) {
  return (
    <div className="alert imp-duplicate" role="alert">
      <strong className="alert__title">This file was imported before</strong>
      {repeatImportText(repeats)}
      <label className="imp-again">
        <input type="checkbox" checked={again} onChange={(e) => onAgain(e.target.checked)} /> Import again
      </label>
    </div>
  );
}

/**
 * Step 3: a dry run of the whole file (every row checked on the server, then rolled back) so the
 * numbers are known before anything is saved, and what the kind shows of it. Import waits for a
 * dry run that passed.
 */
export function PreviewStep<A extends BaseAnalysis, S, B extends { dryRun?: boolean }, R>({
  kind: { preview, useExecute },
  analysis,
  mapping,
  body,
  options,
  onOptionsChange,
  onBack,
  onImported,
}: PreviewStepProps<A, S, B, R>) {
  const check = useExecute();
  const run = useExecute();
  // A change of the options checks again.
  const request = useMemo(() => ({ ...body, ...options }), [body, options]);
  const { mutate: checkMutate } = check;
  // The last dry run's answer, kept while a new one runs (after crosswalk rules are created here)
  // so the preview stays put instead of blinking away; a failed one clears it.
  const [dry, setDry] = useState<R | undefined>(undefined);
  const recheck = useCallback(
    () => checkMutate({ ...request, dryRun: true }, { onSuccess: setDry, onError: () => setDry(undefined) }),
    [checkMutate, request],
  );

  useEffect(() => recheck(), [recheck]);

  const refused = check.isError && preview.refuses(check.error);
  const repeats = preview.repeats?.(analysis, body, dry) ?? [];
  // Asked again for each file and year: a new preview of another year starts unticked.
  const [again, setAgain] = useState(false);
  const repeat = repeats.length > 0;
  const summary = dry ? preview.summary(dry) : null;
  const { Options, Details } = preview;
  return (
    <>
      {preview.intro ? <p className="imp-intro">{preview.intro(body)}</p> : null}
      {check.isPending ? <Spinner label={preview.checking} /> : null}
      {summary ? (
        <Alert variant={summary.variant} title={summary.title}>
          {summary.text}
        </Alert>
      ) : null}
      {check.isError ? (
        <Alert title={checkTitle(check.error, refused ? preview.refusedTitle : undefined)}>
          {failureText(check.error, 'preview')}
        </Alert>
      ) : null}
      {Options ? <Options error={check.error} value={options} onChange={onOptionsChange} /> : null}
      {run.isError ? <Alert>{failureText(run.error, 'import')}</Alert> : null}
      {dry ? <Details result={dry} analysis={analysis} mapping={mapping} recheck={recheck} /> : null}
      <div className="imp-actions">
        <button
          type="button"
          className="btn btn--secondary imp-actions__start"
          disabled={run.isPending}
          onClick={onBack}
        >
          Back
        </button>
        {repeat ? <RepeatWarning repeats={repeats} again={again} onAgain={setAgain} /> : null}
        <button
          type="button"
          className="btn btn--primary"
          disabled={run.isPending || check.isPending || refused || !dry || (repeat && !again)}
          onClick={() =>
            run.mutate(repeat ? { ...request, allowRepeat: true } : request, { onSuccess: onImported })
          }
        >
          {run.isPending
            ? 'Importing...'
            : dry
              ? `Import ${count(preview.imported(dry))} ${preview.noun}`
              : 'Import'}
        </button>
      </div>
    </>
  );
}
