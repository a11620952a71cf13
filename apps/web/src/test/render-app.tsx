import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/routes.tsx';
import { queryClient } from '../lib/query-client.ts';
import { refreshSession } from '../lib/session.ts';

/** A JWT-shaped token whose subject is `sub` (the console only reads the subject). */
export function fakeToken(sub = 'user-1'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub })}.signature`;
}

export function signIn(tmk = 'tmk-1', sub = 'user-1'): void {
  window.localStorage.setItem('token', fakeToken(sub));
  window.localStorage.setItem('tmk', tmk);
  refreshSession();
}

export function signOut(): void {
  window.localStorage.clear();
  refreshSession();
}

/** Sets a cookie the way a server or another script would (tests of "clear every cookie"). */
export function setTestCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: test fixture
  document.cookie = `${name}=${value}; Path=/`;
}

/** The JSON body a fetch mock call sent to the first URL ending with `suffix`. */
export function sentBody(fetchMock: { mock: { calls: unknown[][] } }, suffix: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(suffix));
  const init = (call?.[1] ?? {}) as RequestInit;
  return init.body === undefined ? undefined : JSON.parse(String(init.body));
}

type Handler = (url: string, init: RequestInit) => { status?: number; body?: unknown } | undefined;

/** Stubs fetch: `handler` answers by URL; unknown URLs answer 404. Returns the mock for assertions. */
export function mockFetch(handler: Handler = () => undefined) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler(url, init) ?? defaultAnswer(url);
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** `window.matchMedia` answering each query with `matches(query)`. Undone by `vi.restoreAllMocks()`. */
function stubMediaQueries(matches: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (q: string) =>
      ({
        matches: matches(q),
        media: q,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/**
 * The window's media queries answer as on a wide desktop (every min-width query matches) or, with
 * `wide` false, as on a phone (none does). Undone by `vi.restoreAllMocks()`.
 */
export function stubWindowWidth(wide: boolean): void {
  stubMediaQueries((q) => wide && /min-width/.test(q));
}

/** A phone's width (390 px): the phone query and every max-width query match, no min-width one does. */
export function stubPhoneWidth(): void {
  stubMediaQueries((q) => /max-width/.test(q) && !/min-width/.test(q));
}

/** Renders one component inside the console's providers (theme, query client), as the app would. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <Providers queryClient={queryClient} env="test">
      {ui}
    </Providers>,
  );
}

/** Renders one component at `path` of a router of its own, inside the providers, with an empty query cache. */
export function renderAtPath(ui: ReactNode, path: string) {
  queryClient.clear();
  return renderWithProviders(<Router hook={memoryLocation({ path }).hook}>{ui}</Router>);
}

/** The merchant every route sees unless a test answers otherwise (the full shape the API returns). */
export const DEMO_MERCHANT = {
  id: 'm1',
  tmk: 'tmk-1',
  name: 'Demo Wine & Spirits',
  carrier_integration: true,
  merchant_account_id: 'acct_1',
  timezone: 'America/New_York',
  address: {
    street_1: '120 Hudson St',
    street_2: '',
    street_3: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10013',
  },
  primary_phone: '(212) 555-0134',
  email: 'store@demo.test',
  aux_data: {
    primary_contact_name: 'Store Manager',
    secondary_contact_name: '',
    secondary_email: '',
    secondary_phone_number: '',
    suite_floor: '',
  },
};

function defaultAnswer(url: string): { status?: number; body?: unknown } {
  if (/\/c\/v2\/merchants\/[^/]+\/payments\/stripe$/.test(url))
    return { body: { merchant_account_id: 'acct_1' } };
  if (/\/c\/v2\/merchants\/[^/]+$/.test(url)) return { body: DEMO_MERCHANT };
  if (/\/a\/v2\/users\/[^/]+$/.test(url))
    return {
      body: {
        id: 'user-1',
        email: 'owner@demo.test',
        first_name: 'Olive',
        last_name: 'Owner',
        userRoles: ['merch.owner'],
      },
    };
  if (url.endsWith('/a/v2/oidc/config'))
    return { body: { enabled: false, provider: null, google: false, start_path: null } };
  return { status: 404, body: { message: 'Not found' } };
}

/** The location as a test reads it: the path and the search string (with its `?`, or empty). */
export interface TestLocation {
  pathname: string;
  search: string;
}

/** What a test reads and drives of the router: the current location, and navigation. */
export interface TestRouter {
  readonly state: { readonly location: TestLocation };
  navigate: (to: string, opts?: { replace?: boolean }) => Promise<void>;
}

/** Renders the real route table at `path` inside the app providers, in wouter's memory location. */
export function renderApp(path: string) {
  queryClient.clear();
  const memory = memoryLocation({ path, record: true });
  const utils = render(
    <Providers queryClient={queryClient} env="test">
      <Router hook={memory.hook}>
        <AppRoutes />
      </Router>
    </Providers>,
  );
  const router: TestRouter = {
    get state() {
      const [pathname = '/', search = ''] = (memory.history.at(-1) ?? '/').split('?');
      return { location: { pathname, search: search ? `?${search}` : '' } };
    },
    async navigate(to, opts) {
      await act(async () => {
        memory.navigate(to, opts);
      });
    },
  };
  return { ...utils, router };
}
