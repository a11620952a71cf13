import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadFirstScreen } from './features/orders/index.ts';
import { trackLoadedPage } from './lib/analytics.ts';
import { initErrorReporting } from './lib/error-reporting.ts';
import { queryClient } from './lib/query-client.ts';
import { getToken } from './lib/session.ts';
import { adoptSessionFromQuery, unregisterServiceWorkers } from './lib/start-up.ts';

void initErrorReporting();
void unregisterServiceWorkers();
adoptSessionFromQuery();
// A signed-in load of an orders tab starts its first requests now, not after the page's chunks (first-screen.ts).
if (getToken() && window.location.pathname.startsWith('/orders/'))
  void loadFirstScreen().then((m) => m.prefetchFirstScreen(queryClient, window.location.pathname));
trackLoadedPage();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
