import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BaseProviders } from './app/base-providers.tsx';
import { loadLoginPage } from './features/auth/index.ts';
import { loadFirstScreen } from './features/orders/index.ts';
import { ErrorScreen } from './features/shell/index.ts';
import { trackLoadedPage } from './lib/analytics.ts';
import { initErrorReporting, reportError } from './lib/error-reporting.ts';
import { getToken } from './lib/session.ts';
import { adoptSessionFromQuery, unregisterServiceWorkers } from './lib/start-up.ts';

void initErrorReporting();
void unregisterServiceWorkers();
adoptSessionFromQuery();
const { pathname } = window.location;
// A signed-in load of an orders tab starts its first requests now, not after the page's chunks (first-screen.ts).
if (getToken() && pathname.startsWith('/orders/'))
  void loadFirstScreen().then((m) => m.prefetchFirstScreenOnStart(pathname));
trackLoadedPage();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
const root = createRoot(container);

/** A chunk of the console did not arrive: say so with a way to try again, instead of a blank page. */
function showLoadFailure(error: unknown, source: string) {
  reportError(error, { source });
  root.render(
    <StrictMode>
      <BaseProviders>
        <ErrorScreen loadFailed />
      </BaseProviders>
    </StrictMode>,
  );
}

/**
 * The full console (router, query cache, every page): its own chunk, loaded at once unless signing in.
 * The theme and toasts stay mounted when the sign-in page hands over to it.
 */
const openConsole = () =>
  import('./app/app.tsx').then(
    ({ App }) =>
      root.render(
        <StrictMode>
          <BaseProviders>
            <App />
          </BaseProviders>
        </StrictMode>,
      ),
    (error: unknown) => showLoadFailure(error, 'app-chunk'),
  );

// /login with nobody signed in: the sign-in page alone, without the router and the query cache, until
// the person signs in or follows a link (app/sign-in-app.tsx, docs/decisions/0150).
if (/^\/login\/?$/.test(pathname) && !getToken()) {
  // The page's chunk beside the frame's, not after it.
  void Promise.all([import('./app/sign-in-app.tsx'), loadLoginPage()]).then(
    ([{ SignInApp, startSignInApp }, { LoginPage }]) => {
      startSignInApp(() => void openConsole());
      root.render(
        <StrictMode>
          <BaseProviders>
            <SignInApp page={LoginPage} />
          </BaseProviders>
        </StrictMode>,
      );
    },
    (error: unknown) => showLoadFailure(error, 'sign-in-chunk'),
  );
} else void openConsole();
