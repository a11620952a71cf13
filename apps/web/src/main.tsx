import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { trackLoadedPage } from './lib/analytics.ts';
import { initErrorReporting } from './lib/error-reporting.ts';
import { adoptSessionFromQuery, unregisterServiceWorkers } from './lib/start-up.ts';

void initErrorReporting();
void unregisterServiceWorkers();
adoptSessionFromQuery();
trackLoadedPage();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
