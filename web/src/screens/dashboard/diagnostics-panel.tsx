import { useState } from 'react';
import { errorMessage } from '@web/api/client';
import { useBaseYearDiagnostic, useFixBaseYear, useProjectionStatus } from '@web/api/projections';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@server/schemas/fiscal-year';

const STATUS_BADGE = {
  'No Data': 'badge--neutral',
  Partial: 'badge--warning',
  Complete: 'badge--success',
} as const;

interface DiagnosticsPanelProps {
  budgetYearId: number;
  /** The dashboard's fiscal years, offered as base years. */
  years: number[];
}

/**
 * Which fiscal years hold which kind of data (No Data / Partial / Complete), the base years the
 * projections start from, and 'Fix Base Year' for data imported under the wrong year.
 */
export function DiagnosticsPanel({ budgetYearId, years }: DiagnosticsPanelProps) {
  const status = useProjectionStatus(budgetYearId);
  const diagnostic = useBaseYearDiagnostic(budgetYearId);
  const canFix = useCan('projections.write');
  if (status.isPending || diagnostic.isPending) {
    return <Spinner label="Loading diagnostics..." />;
  }
  if (status.isError || diagnostic.isError) {
    const err = status.error ?? diagnostic.error;
    return (
      <Alert title="✗ Failed to load diagnostics data">
        {`✗ Error loading diagnostics: ${errorMessage(err, err instanceof Error ? err.message : 'Unknown error')}`}
      </Alert>
    );
  }
  const d = diagnostic.data;
  const label = (y: number | null) => (y === null ? 'none' : fiscalYearLabel(y));
  // 'Fix Base Year' is not offered for a kind whose latest imported year is a later year's actuals
  // beside an imported base year (the server refuses to move those too).
  const fixable = [
    ...(d.operating.canFix ? (['operating'] as const) : []),
    ...(d.proposed.canFix ? (['proposed'] as const) : []),
  ];
  const superseded = status.data.years.filter((y) => y.operatingSuperseded + y.proposedSuperseded > 0);
  return (
    <section className="card diagnostics" aria-labelledby="diagnostics-title">
      <h2 id="diagnostics-title" className="chart-card__title">
        Data Diagnostics
      </h2>
      <p className="chart-card__subtitle">
        Operating base year: <strong>{label(d.operating.importedYear)}</strong> · Proposed base year:{' '}
        <strong>{label(d.proposed.importedYear)}</strong> · Recorded base year:{' '}
        <strong>{label(d.baseYear)}</strong>
      </p>
      {d.needsFix ? <Alert variant="info">{d.message}</Alert> : <p className="muted">{d.message}</p>}
      {superseded.length ? (
        <Alert variant="info" title="Projected lines left beside imported ones">
          {superseded
            .map(
              (y) =>
                `${fiscalYearLabel(y.fiscalYear)}: ${[
                  y.operatingSuperseded ? `${y.operatingSuperseded.toLocaleString('en-US')} employee` : '',
                  y.proposedSuperseded ? `${y.proposedSuperseded.toLocaleString('en-US')} proposed` : '',
                ]
                  .filter(Boolean)
                  .join(' and ')} lines`,
            )
            .join('; ')}
          . The imported lines supersede them; Generate Projections removes them.
        </Alert>
      ) : null}
      <div className="table-wrap">
        <table className="table table--compact">
          <caption className="visually-hidden">Lines per fiscal year</caption>
          <thead>
            <tr>
              <th scope="col">Fiscal year</th>
              <th scope="col" className="num">
                Employees
              </th>
              <th scope="col" className="num">
                Operating total
              </th>
              <th scope="col" className="num">
                Proposed lines
              </th>
              <th scope="col" className="num">
                Proposed total
              </th>
              <th scope="col">Source</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {status.data.years.map((y) => (
              <tr key={y.fiscalYear}>
                <th scope="row">{fiscalYearLabel(y.fiscalYear)}</th>
                <td className="num">{y.operatingCount.toLocaleString('en-US')}</td>
                <td className="money">{formatMoney(y.operatingTotal)}</td>
                <td className="num">{y.proposedCount.toLocaleString('en-US')}</td>
                <td className="money">{formatMoney(y.proposedTotal)}</td>
                <td>{sourceText(y.operatingSource, y.proposedSource)}</td>
                <td>
                  <span className={`badge ${STATUS_BADGE[y.status]}`}>{y.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canFix && fixable.length ? (
        <FixBaseYear
          budgetYearId={budgetYearId}
          years={years}
          kinds={fixable}
          suggested={d.baseYear ?? d.currentFiscalYear}
        />
      ) : null}
    </section>
  );
}

type Source = 'imported' | 'projected' | null;

/** 'Operating imported · Proposed projected': a year with imported lines of a kind is imported. */
function sourceText(operating: Source, proposed: Source): string {
  const parts = [
    operating ? `Operating ${operating}` : null,
    proposed ? `Proposed ${proposed}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '—';
}

type Kind = 'operating' | 'proposed';
const KIND_LABELS: Record<Kind, string> = {
  operating: 'Operating (employees)',
  proposed: 'Proposed budget',
};

function FixBaseYear({
  budgetYearId,
  years,
  kinds,
  suggested,
}: {
  budgetYearId: number;
  years: number[];
  /** The kinds 'Fix Base Year' may move (at least one). */
  kinds: readonly Kind[];
  suggested: number;
}) {
  const fix = useFixBaseYear();
  const notify = useToast();
  const [year, setYear] = useState<string>(years.includes(suggested) ? String(suggested) : '');
  const [chosen, setKind] = useState<Kind>(kinds[0]);
  const kind = kinds.includes(chosen) ? chosen : kinds[0];
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!year) {
      setError('Choose the fiscal year the imported data belongs to');
      return;
    }
    setError(null);
    fix.mutate(
      { budgetYearId, correctBaseYear: Number(year), isOperating: kind === 'operating' },
      {
        onSuccess: (r) =>
          notify({
            title: `Base year set to ${fiscalYearLabel(r.toYear)}`,
            description: `${r.baseYearUpdated.toLocaleString('en-US')} imported and ${r.futureYearsUpdated.toLocaleString('en-US')} projected lines moved.`,
          }),
        onError: (err) => setError(errorMessage(err, 'Failed to fix base year')),
      },
    );
  };
  return (
    <div className="fix-base-year">
      <h3 className="calc__title">Fix Base Year</h3>
      <p className="field__hint">
        Moves the latest imported lines of one kind to the year they belong to; their projected years move
        with them.
      </p>
      {error ? (
        <Alert title="Failed to fix base year">{error === 'Failed to fix base year' ? null : error}</Alert>
      ) : null}
      <div className="inline-form">
        <div className="field">
          <label htmlFor="fix-kind">Data</label>
          <Select
            id="fix-kind"
            value={kind}
            onValueChange={(v) => setKind(v as Kind)}
            options={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        </div>
        <div className="field">
          <label htmlFor="fix-year">Correct base year</label>
          <Select
            id="fix-year"
            value={year}
            placeholder="Choose a year"
            onValueChange={setYear}
            options={years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
          />
        </div>
        <button type="button" className="btn btn--secondary" disabled={fix.isPending} onClick={submit}>
          {fix.isPending ? 'Fixing...' : 'Fix Base Year'}
        </button>
      </div>
    </div>
  );
}
