import { useState } from 'react';
import { SKIP } from '@shared/schemas/import';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { formatDateTime } from '@web/lib/format';
import { importedIntoText, notAmountsProblems } from '@shared/import-words';
import { FieldColumnCells } from './field-column-cells';
import { missingRequired, requiredMessage, sampleValue, type FieldMapping } from './mapping';
import type { BaseAnalysis, SettingsProps, WizardKind } from './wizard-kind';

interface MapStepProps<A extends BaseAnalysis, S> extends SettingsProps<S> {
  kind: Pick<WizardKind<A, S, never, unknown>, 'map'>;
  analysis: A;
  mapping: FieldMapping;
  onMappingChange(mapping: FieldMapping): void;
  onBack(): void;
  onNext(): void;
}

const CONFIDENCE = { high: 'High', medium: 'Medium', none: '' } as const;
const noProblem = (): string | undefined => undefined;
const BLOCKED_ID = 'imp-map-blocked';

/**
 * Step 2: one row per expected field, its column and a sample value (and, where the kind shows it,
 * how sure the suggestion was), with the kind's settings above the table and below it.
 */
export function MapStep<A extends BaseAnalysis, S>({
  kind: { map },
  analysis,
  mapping,
  onMappingChange,
  settings,
  onSettingsChange,
  onBack,
  onNext,
}: MapStepProps<A, S>) {
  const [error, setError] = useState<string | null>(null);
  // The kind is stable for a mounted wizard, so this is always the same hook.
  const useProblem = map.useProblem ?? noProblem;
  // A field of amounts mapped to a column of text ('TBD'): the import would refuse it, said here
  // where the column is chosen, in the import's words.
  const notAmounts = notAmountsProblems(analysis.expectedColumns, mapping, analysis.notAmounts);
  const blocked = useProblem(settings, mapping) ?? (notAmounts.map((p) => p.message).join('; ') || undefined);

  const next = () => {
    if (blocked) {
      return;
    }
    const missing = missingRequired(analysis, mapping);
    const problem = missing.length ? requiredMessage(missing) : map.problem?.(settings, mapping);
    setError(problem ?? null);
    if (!problem) {
      onNext();
    }
  };

  const { Settings, Extras } = map;
  const own = { analysis, mapping, settings, onSettingsChange };
  return (
    <>
      <dl className="imp-facts">
        <div>
          <dt>File</dt>
          <dd>{analysis.originalName}</dd>
        </div>
        {analysis.sheetName ? (
          <div>
            <dt>Sheet</dt>
            <dd>{analysis.sheetName}</dd>
          </div>
        ) : null}
        <div>
          <dt>Column headers on row</dt>
          <dd className="num">{analysis.headerRow}</dd>
        </div>
        <div>
          <dt>Columns</dt>
          <dd className="num">{analysis.detectedColumns.length}</dd>
        </div>
      </dl>
      {analysis.savedMapping ? (
        <Alert variant="info">The mapping you confirmed for files with these columns is filled in.</Alert>
      ) : null}
      {map.repeatAdds && analysis.previousImports.length ? (
        <Alert variant="info" title="This exact file was imported before">
          {analysis.previousImports
            .map(
              (p) =>
                `${p.budgetYear ? `into ${importedIntoText(p)} ` : ''}${formatDateTime(p.createdAt)} by ${p.user ?? 'unknown'} (${p.importedCount.toLocaleString('en-US')} rows)`,
            )
            .join('; ')}
          . Importing it again into the same fiscal year adds its rows again.
        </Alert>
      ) : null}
      {analysis.encodingNotice ? (
        <Alert variant="info" title="Not all of the file is UTF-8 text">
          {analysis.encodingNotice}
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {Settings ? <Settings {...own} /> : null}
      {/* Focusable: on a phone the table scrolls sideways, and keyboard users must reach it. */}
      <div className="table-wrap" role="group" aria-label="Column mapping" tabIndex={0}>
        <table className="table imp-map">
          <caption className="visually-hidden">{map.caption}</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Column in the file</th>
              {map.showConfidence ? <th scope="col">Suggestion</th> : null}
              <th scope="col">First value</th>
            </tr>
          </thead>
          <tbody>
            {analysis.expectedColumns.map((f) => {
              const suggestion = analysis.suggestedMappings[f.field];
              const chosen = mapping[f.field] ?? SKIP;
              const confidence =
                suggestion && suggestion.csvColumn === chosen ? suggestion.confidence : 'none';
              const changed = chosen !== SKIP && suggestion?.csvColumn !== chosen;
              return (
                <tr key={f.field}>
                  <FieldColumnCells
                    field={f}
                    chosen={chosen}
                    columns={analysis.detectedColumns}
                    onChoose={(value) => {
                      setError(null);
                      onMappingChange({ ...mapping, [f.field]: value });
                      if (map.columnChosen) {
                        onSettingsChange(map.columnChosen(settings, value));
                      }
                    }}
                  />
                  {map.showConfidence ? (
                    <td>
                      {CONFIDENCE[confidence] ? (
                        <span className={`badge badge--${confidence}`}>{CONFIDENCE[confidence]}</span>
                      ) : changed ? (
                        <span className="badge badge--neutral">Your choice</span>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  ) : null}
                  <td>
                    <span className="imp-sample" title={sampleValue(analysis, chosen)}>
                      {sampleValue(analysis, chosen)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {Extras ? <Extras {...own} /> : null}
      <div className="imp-actions">
        <Button className="imp-actions__start" onClick={onBack}>
          Back
        </Button>
        {blocked ? (
          <p id={BLOCKED_ID} className="imp-blocked">
            {blocked}
          </p>
        ) : null}
        <Button
          variant="primary"
          onClick={next}
          disabled={Boolean(blocked)}
          aria-describedby={blocked ? BLOCKED_ID : undefined}
        >
          Preview Import
        </Button>
      </div>
    </>
  );
}
