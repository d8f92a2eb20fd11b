import '@web/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, makeQueryClient } from '@web/app';
import { preloadSignedIn } from '@web/routes';
import '@web/styles/tokens.css';
import '@web/styles/base.css';
import '@web/styles/controls.css';
import '@web/styles/components.css';
import '@web/styles/overlays.css';
import '@web/styles/layout.css';

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
