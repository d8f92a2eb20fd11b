import { lazy, Suspense, useEffect, useState } from 'react';
import type { PublicView, PublicViewLink } from '@shared/schemas/public-dashboard';
import { DistrictSeal, TownSeal } from '@web/components/logos';
import { NO_DISTRICT_NAME } from '@web/lib/branding';
import { formatDate, fyLabel, noDataFor, NOT_FOUND, PREVIEW_LABEL, stageBudget, stageLine } from './figures';
import { PublicSection } from './sections';
import './public-view.css';

// The video dialog (Radix) loads when a resident first presses Watch, not with the page.
const VideoModal = lazy(async () => ({ default: (await import('./video-modal')).VideoModal }));

/** The year in the address (?year=2027) when it is published, else the latest published year. */
function startYear(view: PublicView): number | null {
  const asked = Number(new URLSearchParams(window.location.search).get('year'));
  if (view.years.includes(asked)) {
    return asked;
  }
  return view.years.length ? view.years[view.years.length - 1] : null;
}

/** The district's name as its published settings give it, else the neutral 'School district'. */
const districtOf = (view: PublicView) => view.schoolName?.trim() || NO_DISTRICT_NAME;

function Header({ title, district }: { title: string; district: string }) {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <div className="brand">
          <span className="brand__logos">
            <DistrictSeal />
            <TownSeal />
          </span>
          <span className="brand__text">
            <span className="brand__name">{district}</span>
            <span className="brand__product">{title}</span>
          </span>
        </div>
      </div>
    </header>
  );
}

/** 'Dashboard Not Found': an unknown address, an unpublished page or a failed load. */
export function PublicNotFound() {
  useEffect(() => {
    document.title = `${NOT_FOUND} | ${NO_DISTRICT_NAME}`;
  }, []);
  return (
    <>
      <Header title="Public budget dashboard" district={NO_DISTRICT_NAME} />
      <main id="main-content" className="app-main pub-main">
        <section className="card pub-empty">
          <h1>{NOT_FOUND}</h1>
          <p className="muted">
            There is no published budget dashboard at this address. Check the link, or visit the
            district&apos;s website.
          </p>
        </section>
      </main>
    </>
  );
}

/** For the admin's full preview (?preview=1): what Publish would change, and why it would refuse. */
export interface PreviewNotes {
  changes: string[];
  problems: string[];
}

/** The preview's banner: never on the page residents are served. */
function PreviewBanner({ notes }: { notes: PreviewNotes }) {
  return (
    <section className="pub-preview" aria-labelledby="pub-preview-title">
      <h2 id="pub-preview-title" className="pub-preview__title">
        {PREVIEW_LABEL}
      </h2>
      <p>
        This is the page residents would see if you published now. They see the page last published until you
        press Publish.
      </p>
      {notes.changes.length ? (
        <ul aria-label="What Publish changes for residents">
          {notes.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
      {notes.problems.length ? (
        <ul aria-label="Why Publish would be refused">
          {notes.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The dashboard residents read at /public/{urlPath}, with no sign-in: the configured sections in
 * the configured order for one published year, from the snapshot the last Publish stored. With
 * `preview`, the admin's preview of the next Publish, under its banner.
 */
export function PublicDashboard({ view, preview }: { view: PublicView; preview?: PreviewNotes }) {
  const [year, setYear] = useState<number | null>(() => startYear(view));
  const [video, setVideo] = useState<PublicViewLink | null>(null);
  const district = districtOf(view);
  const title = view.schoolName ? `${view.schoolName} Budget` : 'School Budget';
  const data = year === null ? null : (view.data[String(year)] ?? null);
  const updated = data?.publishedAt ?? view.publishedAt;

  useEffect(() => {
    document.title = `${year === null ? '' : `${fyLabel(year)} `}${title} | ${district}`;
  }, [title, year, district]);

  const chooseYear = (next: number) => {
    setYear(next);
    const url = new URL(window.location.href);
    url.searchParams.set('year', String(next));
    window.history.replaceState(null, '', url);
  };

  return (
    <>
      <Header title="Public budget dashboard" district={district} />
      <main id="main-content" className="app-main pub-main">
        {preview ? <PreviewBanner notes={preview} /> : null}
        <div className="screen-toolbar">
          <div>
            <h1 className="pub-title">{year === null ? title : `${fyLabel(year)} ${title}`}</h1>
            {data ? <p className="pub-stage">{stageLine(data)}</p> : null}
            {/* Whose lines the figures sum, as published: the server's view always says. */}
            {data?.fundsLabel ? <p className="pub-funds">{data.fundsLabel}</p> : null}
          </div>
          <div className="pub-tools">
            {view.years.length > 1 ? (
              <div className="field field--inline">
                <label htmlFor="pub-year">Budget year</label>
                <select
                  id="pub-year"
                  className="input"
                  value={year ?? ''}
                  onChange={(e) => chooseYear(Number(e.target.value))}
                >
                  {view.years.map((y) => (
                    <option key={y} value={y}>
                      {fyLabel(y)} (July {y - 1} to June {y})
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {/* The CSV is the published page's: not offered in the preview. */}
            {year !== null && data && !preview ? (
              <a
                className="btn btn--secondary btn--small"
                href={`/api/public-dashboard/view/${encodeURIComponent(view.urlPath)}/data.csv?year=${year}`}
                download
              >
                Download the data (CSV)
              </a>
            ) : null}
          </div>
        </div>
        {year !== null && !data ? (
          <p className="card pub-empty" role="status">
            {noDataFor(year)}
          </p>
        ) : null}
        <div className="pub-grid">
          {view.visibleComponents.map((name) =>
            year === null ? null : (
              <PublicSection key={name} name={name} view={view} year={year} data={data} onWatch={setVideo} />
            ),
          )}
        </div>
      </main>
      <footer className="pub-footer">
        <p>{preview ? 'Not yet published' : `Last updated ${formatDate(updated)}`}</p>
        <p className="muted">
          Published by {district}. Figures are the district&apos;s {stageBudget(data?.stageLabel, 'sentence')}{' '}
          {preview ? 'as it stands now.' : 'as of that date.'}
        </p>
      </footer>
      {video ? (
        <Suspense fallback={null}>
          <VideoModal link={video} onClose={() => setVideo(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
