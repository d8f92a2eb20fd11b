import { useState } from 'react';
import { PUBLIC_DASHBOARD_MESSAGES as M, type PublicDashboardConfig } from '@shared/schemas/public-dashboard';
import { errorMessage } from '@web/api/client';
import { publicDashboardApi, usePublicDashboardMutation, usePublicPreview } from '@web/api/public-dashboard';
import { Alert } from '@web/components/alert';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/form/button';
import { formatDateTime } from '@web/lib/format';
import { fiscalYearLabel } from '@shared/budget-math';
import { sourceWords } from './labels';

const fy = fiscalYearLabel;

/** Published or not, when, whether data changed since, the public address with Copy, and Publish. */
export function PublishPanel({
  config,
  years,
  origin,
}: {
  config: PublicDashboardConfig;
  years: number[];
  origin: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const publish = usePublicDashboardMutation((confirm: boolean) =>
    publicDashboardApi.publish(config.id, years, { confirm }),
  );
  const preview = usePublicPreview(years, [], config).data;
  // Residents' address is the published one; a saved new path takes over at the next Publish.
  const publishedPath = preview?.publishedUrlPath ?? null;
  // A $0 year or an earlier stage than residents read: the dialog says so and Publish confirms it
  // (the server refuses it otherwise).
  const confirmations = preview?.confirmations ?? [];
  // Where each year comes from: its one home budget year and its stage (the preview's sources).
  const sourceOf = (year: number) => {
    const source = preview?.sources.find((s) => s.fiscalYear === year);
    const from = source?.options.find((o) => o.budgetYearId === source.budgetYearId);
    return from ? sourceWords(from) : 'no budget data';
  };
  const url = `${origin}/public/${publishedPath ?? config.urlPath}`;
  const nextUrl = `${origin}/public/${config.urlPath}`;

  const start = () => {
    if (years.length === 0) {
      setMessage({ kind: 'error', text: M.selectYear });
      return;
    }
    setMessage(null);
    setConfirming(true);
  };

  return (
    <section className="card pdc-section pdc-publish" aria-labelledby="pdc-publish-title">
      <h2 id="pdc-publish-title" className="pdc-section__title">
        Publishing
      </h2>
      <dl className="pdc-status">
        <div>
          <dt>Status</dt>
          <dd>
            {config.isPublished ? (
              <span className="badge badge--success">Published</span>
            ) : (
              <span className="badge badge--neutral">Not published</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Last published</dt>
          <dd>{formatDateTime(config.publishedAt)}</dd>
        </div>
        <div>
          <dt>Published years</dt>
          <dd>
            {config.isPublished && config.publishedYears.length
              ? config.publishedYears.map(fy).join(', ')
              : '—'}
          </dd>
        </div>
      </dl>
      {config.dataChangedSincePublish ? (
        <Alert variant="info" title="Budget data has changed since the last Publish">
          Residents still see the figures of {formatDateTime(config.publishedAt)}. Publish again to show them
          the current figures.
        </Alert>
      ) : null}
      {publishedPath && publishedPath !== config.urlPath ? (
        <Alert variant="info" title="The address changes at the next Publish">
          Residents read the page at {url} until you publish; then at {nextUrl}.
        </Alert>
      ) : null}
      <div className="pdc-url">
        <span className="pdc-url__label" id="pdc-url-label">
          Public URL
        </span>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby="pdc-url-label"
          className="pdc-url__link"
        >
          {url}
        </a>
        <Button
          className="btn--small"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy URL'}
        </Button>
        <span className="visually-hidden" role="status">
          {copied ? 'Public URL copied' : ''}
        </span>
      </div>
      {message ? (
        <Alert variant={message.kind === 'error' ? 'error' : 'success'}>{message.text}</Alert>
      ) : null}
      <div className="form-actions">
        <Button variant="primary" onClick={start} busy={publish.isPending} busyLabel="Publishing...">
          Publish
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={confirmations.length ? 'Publish anyway?' : 'Publish the public dashboard'}
        message={`Publish ${years.map(fy).join(', ')} to ${nextUrl}? Residents will see these years' current figures, with the saved settings and links, until the next Publish.`}
        confirmLabel={confirmations.length ? 'Publish anyway' : 'Publish'}
        busyLabel="Publishing..."
        busy={publish.isPending}
        onConfirm={() =>
          publish.mutate(confirmations.length > 0, {
            onSuccess: (r) => {
              setConfirming(false);
              setMessage({
                kind: 'success',
                text: `Published ${r.sources
                  .map((x) => `${fy(x.fiscalYear)} (${sourceWords(x)})`)
                  .join(', ')} at ${formatDateTime(r.publishedAt)}.`,
              });
            },
            onError: (err) => {
              setConfirming(false);
              setMessage({ kind: 'error', text: `Publish failed: ${errorMessage(err, 'Unknown error')}` });
            },
          })
        }
      >
        <ul className="pdc-publish__sources" aria-label="Years to publish">
          {years.map((y) => (
            <li key={y}>
              {fy(y)}: {sourceOf(y)}
            </li>
          ))}
        </ul>
        {confirmations.length ? (
          <Alert title="Residents would read">
            <ul className="pdc-preview__problems">
              {confirmations.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
