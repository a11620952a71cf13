import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsEvents } from '../test/analytics-events.ts';
import { fakeToken, mockFetch, setTestCookie } from '../test/render-app.tsx';
import { ANALYTICS_EVENTS, sha256Hex, trackPageView } from './analytics.ts';
import { api } from './api.ts';
import { registerNavigator } from './navigation.ts';
import { clearSession, getSession, getUserId, saveSession } from './session.ts';
import { adoptSessionFromQuery } from './start-up.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  registerNavigator(null);
  clearSession();
  window.history.replaceState(null, '', '/');
  window.dataLayer = [];
});

describe('session', () => {
  it('stores the token and merchant key in localStorage and cookies', () => {
    saveSession('tok', 'tmk-9');
    expect(window.localStorage.getItem('token')).toBe('tok');
    expect(window.localStorage.getItem('tmk')).toBe('tmk-9');
    expect(document.cookie).toContain('token=tok');
    expect(document.cookie).toContain('tmk=tmk-9');
    expect(getSession()).toEqual({ token: 'tok', merchantKey: 'tmk-9' });
  });

  it('clearSession clears all local storage and every cookie', () => {
    saveSession('tok', 'tmk-9');
    window.localStorage.setItem('something-else', '1');
    setTestCookie('other', '1');
    clearSession();
    expect(window.localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(getSession()).toEqual({ token: null, merchantKey: null });
  });

  it('the user id is the token subject', () => {
    expect(getUserId(fakeToken('u-77'))).toBe('u-77');
    expect(getUserId('garbage')).toBeNull();
    expect(getUserId(null)).toBeNull();
  });
});

describe('start-up query', () => {
  it('stores jwt and tmk and strips them from the URL', () => {
    window.history.replaceState(null, '', '/orders/active?jwt=abc.def.ghi&tmk=tmk-5&keep=1#x');
    adoptSessionFromQuery();
    expect(getSession()).toEqual({ token: 'abc.def.ghi', merchantKey: 'tmk-5' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/orders/active?keep=1#x',
    );
  });

  it('leaves the session alone without both values', () => {
    window.history.replaceState(null, '', '/?tmk=only');
    adoptSessionFromQuery();
    expect(getSession().token).toBeNull();
    expect(window.location.search).toBe('');
  });
});

describe('API client', () => {
  it('sends the stored token as a bearer header', async () => {
    saveSession('tok-1', 'tmk-1');
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));
    await api.getMerchant({ params: { tmk: 'tmk-1' } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('a 401 clears storage and cookies and goes to /login', async () => {
    saveSession('tok-1', 'tmk-1');
    const navigate = vi.fn();
    registerNavigator(navigate);
    mockFetch(() => ({ status: 401, body: { message: 'Unauthorized' } }));
    await expect(api.getMerchant({ params: { tmk: 'tmk-1' } })).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
    });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(document.cookie).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a 401 on /login does not navigate again', async () => {
    window.history.replaceState(null, '', '/login');
    const navigate = vi.fn();
    registerNavigator(navigate);
    mockFetch(() => ({ status: 401, body: { message: 'Invalid email or password' } }));
    await expect(api.login({ body: { email: 'a@b.test', password: 'x' } })).rejects.toMatchObject({
      message: 'Invalid email or password',
    });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('analytics data layer', () => {
  it('a page view on inventory carries the SHA-256 of the user subject', async () => {
    await trackPageView('/inventory', 'user-1');
    await trackPageView('/orders/active', 'user-1');
    const views = analyticsEvents(ANALYTICS_EVENTS.pageView);
    expect(views[0]?.user_subject_hash).toBe(await sha256Hex('user-1'));
    expect(views[0]?.user_subject_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(views[1]).not.toHaveProperty('user_subject_hash');
  });
});
