import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicView } from '@shared/schemas/public-dashboard';
import type { PublicPreview } from '@shared/schemas/public-dashboard-preview';
import { readToken } from '@web/auth/session-storage';
import { PublicDashboard, PublicNotFound } from '@web/screens/public-view/index';
import { PreviewRefused } from '@web/screens/public-view/preview-refused';
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

/**
 * ?preview=1 (the configuration screen's 'Open the full preview'): the page the next Publish would
 * put out, for a signed-in administrator, from GET /api/public-dashboard/preview, under a banner.
 * Never what residents are served: without an administrator's session it says so and shows nothing.
 */
function PreviewApp() {
  const [preview, setPreview] = useState<PublicPreview | null | undefined>(undefined);
  useEffect(() => {
    const years = new URLSearchParams(window.location.search).get('years');
    const token = readToken();
    fetch(`/api/public-dashboard/preview${years === null ? '' : `?years=${encodeURIComponent(years)}`}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
      .then(async (response) => (response.ok ? ((await response.json()) as PublicPreview) : null))
      .catch(() => null)
      .then(setPreview);
  }, []);
  if (preview === undefined) {
    return (
      <p className="visually-hidden" role="status">
        Loading the preview...
      </p>
    );
  }
  return preview ? <PublicDashboard view={preview} preview={preview} /> : <PreviewRefused />;
}

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}
createRoot(container).render(
  <StrictMode>
    {new URLSearchParams(window.location.search).has('preview') ? (
      <PreviewApp />
    ) : (
      <PublicApp initial={injectedView()} />
    )}
  </StrictMode>,
);
