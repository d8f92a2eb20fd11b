import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App, makeQueryClient } from '@web/app';
import { preloadSignedIn } from '@web/routes';
import '@web/styles/tokens.css';
import '@web/styles/base.css';
import '@web/styles/controls.css';
import '@web/styles/components.css';
import '@web/styles/overlays.css';
import '@web/styles/layout.css';

// zod compiles fast parsers with new Function() unless told not to; the server's
// Content-Security-Policy refuses eval, and the probe alone reports a violation.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element');
}

const queryClient = makeQueryClient();
preloadSignedIn(window.location.pathname, queryClient);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
