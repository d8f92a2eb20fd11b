import { PUBLIC_DASHBOARD_MESSAGES as M } from '@shared/schemas/public-dashboard';
import { fiscalYearLabel } from '@shared/budget-math';
import { usePublicPreview, type PublicDashboardConfig, type PublicPreview } from '@web/api/public-dashboard';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/form/button';
import { formatDateTime, formatMoney } from '@web/lib/format';
import { COMPONENT_LABELS, sourceWords } from './labels';
import { PUBLISHED_LABEL, previewIsPublished } from '@shared/publish-words';
import { stageBudget } from '@shared/gap-words';

const fy = fiscalYearLabel;

/** The preview's badge while the preview is read (again): whether it is published is not known yet. */
export const CHECKING_LABEL = 'Checking…';

/**
 * What residents would see if Publish ran now, from GET /public-dashboard/preview: the saved
 * settings and links and the current figures of the years chosen above, built by the same code as
 * the public page, with what it changes on the page residents see today and why Publish would be
 * refused. `unsaved`: the form holds changes not saved yet, which are in neither.
 */
export function Preview({
  years,
  unsaved,
  config,
}: {
  years: number[];
  unsaved: boolean;
  config?: PublicDashboardConfig;
}) {
  const preview = usePublicPreview(years, [], config);
  // Right after Publish the preview is the published page: it must not say 'not yet published'.
  // Only fresh figures may say so: while a save's preview is read again, or when reading it again
  // failed (a busy server), the one shown is of the settings before it.
  const fresh = !preview.isFetching && !preview.isRefetchError;
  const same = fresh && preview.data !== undefined && previewIsPublished(preview.data);
  // While it is being read (right after Publish, for one), it is neither: the badge says so, in no tone.
  const badge = preview.isFetching
    ? { label: CHECKING_LABEL, tone: 'badge--neutral pdc-badge' }
    : same
      ? { label: PUBLISHED_LABEL, tone: 'badge--success pdc-badge' }
      : { label: M.previewLabel, tone: 'pdc-badge pdc-badge--preview' };
  return (
    <section className="card pdc-section" aria-labelledby="pdc-preview-title">
      <h2 id="pdc-preview-title" className="pdc-section__title">
        Preview <span className={`badge ${badge.tone}`}>{badge.label}</span>
      </h2>
      {unsaved ? (
        <Alert variant="info">The form has unsaved changes: Save Settings to see them here.</Alert>
      ) : null}
      {preview.isPending ? (
        <p className="muted" role="status">
          Loading the preview...
        </p>
      ) : preview.data ? (
        <>
          {preview.isRefetchError ? (
            <Alert>
              Failed to read the preview again: it shows the settings before the last change.{' '}
              <Button onClick={() => void preview.refetch()}>Try again</Button>
            </Alert>
          ) : preview.isFetching ? (
            <p className="muted" role="status">
              Updating the preview...
            </p>
          ) : null}
          <PreviewBody preview={preview.data} years={years} />
        </>
      ) : (
        <Alert>Failed to load the preview. Reload the page to try again.</Alert>
      )}
    </section>
  );
}

export { PUBLISHED_LABEL };

function PreviewBody({ preview: p, years }: { preview: PublicPreview; years: number[] }) {
  const latest = p.years.at(-1);
  const latestData = latest === undefined ? null : p.data[String(latest)];
  const fullPreview = `/public/${encodeURIComponent(p.urlPath)}?preview=1&years=${years.join(',')}`;
  return (
    <>
      <div className="pdc-preview" aria-label="Preview of the public page" role="group">
        <div className="pdc-preview__header">
          {p.schoolLogoUrl && p.visibleComponents.includes('schoolInfo') ? (
            <img src={p.schoolLogoUrl} alt="" className="pdc-preview__logo" />
          ) : null}
          <strong>
            {latest ? `${fy(latest)} ` : ''}
            {p.schoolName || 'School'} Budget
          </strong>
        </div>
        {latestData?.stageLabel ? (
          <p className="pdc-preview__stage">{stageBudget(latestData.stageLabel, 'staff')}</p>
        ) : null}
        {p.years.length ? (
          <ul className="pdc-preview__years" aria-label="Years residents would see">
            {p.years.map((y) => {
              const d = p.data[String(y)];
              // Each year has one home budget year (docs/ARCHITECTURE.md 'One home'): the preview
              // names it; there is nothing to choose.
              const source = p.sources.find((s) => s.fiscalYear === y);
              const from = source?.options.find((o) => o.budgetYearId === source.budgetYearId);
              return (
                <li key={y}>
                  {fy(y)}:{' '}
                  {d
                    ? `${from ? sourceWords(from) : stageBudget(d.stageLabel, 'staff')}, ${formatMoney(d.totalBudget)}`
                    : 'no budget data'}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="field__error">No year selected: residents would see no figures.</p>
        )}
        <ol className="pdc-preview__sections" aria-label="Sections residents see, in order">
          {p.visibleComponents.map((key) => (
            <li key={key}>
              <span className="pdc-preview__name">{COMPONENT_LABELS[key].name}</span>
              <span className="muted"> · {COMPONENT_LABELS[key].hint}</span>
            </li>
          ))}
        </ol>
        {p.visibleComponents.includes('links') ? (
          <p className="pdc-preview__links">
            Links: {p.links.length ? p.links.map((l) => l.title).join(', ') : 'none'}
          </p>
        ) : null}
      </div>
      <h3 className="pdc-preview__subtitle">What Publish changes for residents</h3>
      {p.changes.length ? (
        <ul className="pdc-preview__changes" aria-label="What Publish changes for residents">
          {p.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing: residents see this page now.</p>
      )}
      {p.lastPublishedAt ? (
        <p className="muted pdc-preview__footer">
          Residents see the page published {formatDateTime(p.lastPublishedAt)}
          {p.publishedUrlPath ? ` at /public/${p.publishedUrlPath}` : ''}.
        </p>
      ) : null}
      {p.confirmations.length ? (
        <Alert variant="info" title="Publish will ask you to confirm">
          <ul className="pdc-preview__problems">
            {p.confirmations.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {p.problems.length ? (
        <Alert title="Publish would be refused">
          <ul className="pdc-preview__problems">
            {p.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <p className="pdc-preview__open">
        <a href={fullPreview} target="_blank" rel="noopener noreferrer">
          Open the full preview
        </a>
      </p>
    </>
  );
}
