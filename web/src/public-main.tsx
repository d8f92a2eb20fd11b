import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicView } from '@server/schemas/public-dashboard';
import { PublicDashboard, PublicNotFound } from '@web/screens/public-view/index';
import '@web/styles/tokens.css';
import '@web/styles/base.css';
import '@web/styles/controls.css';
import '@web/styles/components.css';
import '@web/styles/layout.css';

/**
 * The public dashboard's own entry (web/public.html): React and the page, nothing of the staff
 * app (no router, TanStack Query, AG Grid or zod), so a resident on a phone downloads little.
 */

/** The element id server/static.ts writes the snapshot into (server/public-page.ts). */
const DATA_ID = 'public-view-data';

/** The snapshot the server put in the page: a view, null (no such dashboard) or undefined (not given). */
function injectedView(): PublicView | null | undefined {
  const element = document.getElementById(DATA_ID);
  if (!element?.textContent) {
    return undefined;
  }
  try {
    return JSON.parse(element.textContent) as PublicView | null;
  } catch {
    return undefined;
  }
}

function urlPathOf(pathname: string): string {
  const segment = pathname.replace(/^\/public\/?/, '').split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function PublicApp({ initial }: { initial: PublicView | null | undefined }) {
  const [view, setView] = useState(initial);
  useEffect(() => {
    if (view !== undefined) {
      return;
    }
    // Served without the snapshot (the Vite dev server): ask the API.
    const urlPath = urlPathOf(window.location.pathname);
    fetch(`/api/public-dashboard/view/${encodeURIComponent(urlPath)}`)
      .then(async (response) => (response.ok ? ((await response.json()) as PublicView) : null))
      .catch(() => null)
      .then(setView);
  }, [view]);
  if (view === undefined) {
    return (
      <p className="visually-hidden" role="status">
        Loading the dashboard...
      </p>
    );
  }
  return view ? <PublicDashboard view={view} /> : <PublicNotFound />;
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}
createRoot(container).render(
  <StrictMode>
    <PublicApp initial={injectedView()} />
  </StrictMode>,
);
