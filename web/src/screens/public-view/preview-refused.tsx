import { useEffect } from 'react';
import { NO_DISTRICT_NAME } from '@web/lib/branding';
import { PREVIEW_LABEL } from './figures';

/** The full preview asked for without an administrator's session (or the preview failed to load). */
export function PreviewRefused() {
  useEffect(() => {
    document.title = `${PREVIEW_LABEL} | ${NO_DISTRICT_NAME}`;
  }, []);
  return (
    <main id="main-content" className="app-main pub-main">
      <section className="card pub-empty">
        <h1>{PREVIEW_LABEL}</h1>
        <p className="muted">
          Only an administrator signed in to the budget workbench can see the preview. Sign in, then open it
          again from Public Dashboard Configuration.
        </p>
      </section>
    </main>
  );
}
