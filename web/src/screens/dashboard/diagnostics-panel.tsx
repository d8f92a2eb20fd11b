import { errorMessage } from '@web/api/client';
import { useBaseYearDiagnostic, useFixBaseYear, useProjectionStatus } from '@web/api/projections';
import { useCan } from '@web/auth/use-can';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { Field } from '@web/components/form/field';
import { useSchemaForm } from '@web/components/form/use-schema-form';
import { Select } from '@web/components/select';
import { Spinner } from '@web/components/spinner';
import { useToast } from '@web/components/toast';
import { formatMoney } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/schemas/fiscal-year';
import { fixBaseYearBody } from '@shared/schemas/projections';
import { numCol, TableHead } from '@web/components/table-head';

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
          {/* The data's completeness: every line counts here, whichever funds the cards show. */}
          <caption className="table-caption">Lines per fiscal year, all funds</caption>
          <TableHead
            cols={[
              'Fiscal year',
              numCol('Employees'),
              numCol('Operating total'),
              numCol('Proposed lines'),
              numCol('Proposed total'),
              'Source',
              'Status',
            ]}
          />
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
const FIX_FAILED = 'Failed to fix base year';
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
  // The kinds on offer can change under the form (after a fix); a kind no longer offered falls back.
  const kindOf = (chosen: Kind) => (kinds.includes(chosen) ? chosen : kinds[0]);
  const form = useSchemaForm(
    fixBaseYearBody,
    { correctBaseYear: years.includes(suggested) ? String(suggested) : '', kind: kinds[0] as Kind },
    {
      // No year chosen is an absent year, which the schema names ('Choose the fiscal year ...').
      toInput: (v) => ({
        budgetYearId,
        correctBaseYear: v.correctBaseYear || undefined,
        isOperating: kindOf(v.kind) === 'operating',
      }),
      fieldFor: (path) => (path === 'isOperating' ? 'kind' : path),
    },
  );
  const kind = kindOf(form.values.kind);
  const submit = () => {
    const body = form.validate();
    if (!body) {
      return;
    }
    fix.mutate(body, {
      onSuccess: (r) =>
        notify({
          title: `Base year set to ${fiscalYearLabel(r.toYear)}`,
          description: `${r.baseYearUpdated.toLocaleString('en-US')} imported and ${r.futureYearsUpdated.toLocaleString('en-US')} projected lines moved${r.positionsMoved ? `, and ${r.positionsMoved.toLocaleString('en-US')} positions with them` : ''}.`,
        }),
      onError: (err) => form.applyServerError(err, FIX_FAILED),
    });
  };
  return (
    <div className="fix-base-year">
      <h3 className="calc__title">Fix Base Year</h3>
      <p className="field__hint">
        Moves the latest imported lines of one kind to the year they belong to; their projected years move
        with them.
      </p>
      {form.formError ? (
        <Alert title={FIX_FAILED}>{form.formError === FIX_FAILED ? null : form.formError}</Alert>
      ) : null}
      <div className="inline-form">
        <Field id="fix-kind" label="Data" error={form.errors.kind}>
          {(control) => (
            <Select
              {...control}
              value={kind}
              onValueChange={(v) => form.setValue('kind', v as Kind)}
              options={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            />
          )}
        </Field>
        <Field id="fix-year" label="Correct base year" error={form.errors.correctBaseYear}>
          {(control) => (
            <Select
              {...control}
              value={form.values.correctBaseYear}
              placeholder="Choose a year"
              onValueChange={form.set('correctBaseYear')}
              options={years.map((y) => ({ value: String(y), label: fiscalYearLabel(y) }))}
            />
          )}
        </Field>
        <Button busy={fix.isPending} busyLabel="Fixing..." onClick={submit}>
          Fix Base Year
        </Button>
      </div>
    </div>
  );
}
