import { useEffect } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { DistrictSeal, TownSeal } from '@web/components/logos';
import { DISTRICT_NAME } from '@web/lib/branding';

/** The resident-facing dashboard at /public/:urlPath; needs no sign-in. */
export function PublicViewScreen() {
  const { urlPath = '' } = useParams();
  useEffect(() => {
    document.title = `${DISTRICT_NAME} budget`;
  }, []);
  return (
    <>
      <header className="app-header">
        <div className="app-header__inner">
          <div className="brand">
            <span className="brand__logos">
              <DistrictSeal />
              <TownSeal />
            </span>
            <span className="brand__text">
              <span className="brand__name">{DISTRICT_NAME}</span>
              <span className="brand__product">Public budget dashboard</span>
            </span>
          </div>
        </div>
      </header>
      <main id="main-content" className="app-main">
        <h1 className="visually-hidden">Public budget dashboard</h1>
        <section className="card" aria-label="Dashboard status">
          <EmptyState title="This page is being built.">
            <p>
              It will show the budget the district has published at the address &lsquo;{urlPath}&rsquo;: total
              budget against the town goal, spending by category and by building, and staffing summaries, with
              no names or individual salaries.
            </p>
          </EmptyState>
        </section>
      </main>
    </>
  );
}
