import { useState } from 'react';
import { SKIP, type ImportAnalysis } from '@shared/schemas/import';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { formatDateTime } from '@web/lib/format';
import { FieldColumnCells } from './field-column-cells';
import { missingRequired, requiredMessage, sampleValue, unmappedColumns, type FieldMapping } from './mapping';

interface MapStepProps {
  analysis: ImportAnalysis;
  mapping: FieldMapping;
  onMappingChange(mapping: FieldMapping): void;
  noteColumns: string[];
  onNoteColumnsChange(columns: string[]): void;
  onBack(): void;
  onNext(): void;
}

const CONFIDENCE = { high: 'High', medium: 'Medium', none: '' } as const;

/** Step 2: one row per expected field, its column, how sure the suggestion was, and a sample value. */
export function MapStep({
  analysis,
  mapping,
  onMappingChange,
  noteColumns,
  onNoteColumnsChange,
  onBack,
  onNext,
}: MapStepProps) {
  const [error, setError] = useState<string | null>(null);
  const spare = unmappedColumns(analysis, mapping);

  const next = () => {
    const missing = missingRequired(analysis, mapping);
    if (missing.length) {
      setError(requiredMessage(missing));
      return;
    }
    setError(null);
    onNext();
  };

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
      {analysis.previousImports.length ? (
        <Alert variant="info" title="This exact file was imported before">
          {analysis.previousImports
            .map(
              (p) =>
                `${formatDateTime(p.createdAt)} by ${p.user ?? 'unknown'} (${p.importedCount.toLocaleString('en-US')} rows)`,
            )
            .join('; ')}
          . Importing it again adds its rows again.
        </Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="table-wrap">
        <table className="table imp-map">
          <caption className="visually-hidden">Map the file&apos;s columns to fields</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Column in the file</th>
              <th scope="col">Suggestion</th>
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
                      onNoteColumnsChange(noteColumns.filter((c) => c !== value));
                    }}
                  />
                  <td>
                    {CONFIDENCE[confidence] ? (
                      <span className={`badge badge--${confidence}`}>{CONFIDENCE[confidence]}</span>
                    ) : changed ? (
                      <span className="badge badge--neutral">Your choice</span>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
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
      {spare.length ? (
        <fieldset className="imp-notes">
          <legend>Keep other columns in the notes</legend>
          <span className="field__hint">
            Each checked column is added to every line&apos;s notes as “Column: value”.
          </span>
          <div className="imp-notes__list">
            {spare.map((column) => (
              <label key={column} className="imp-check">
                <input
                  type="checkbox"
                  checked={noteColumns.includes(column)}
                  onChange={(e) =>
                    onNoteColumnsChange(
                      e.target.checked ? [...noteColumns, column] : noteColumns.filter((c) => c !== column),
                    )
                  }
                />
                {column}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="imp-actions">
        <Button className="imp-actions__start" onClick={onBack}>
          Back
        </Button>
        <Button variant="primary" onClick={next}>
          Preview Import
        </Button>
      </div>
    </>
  );
}
