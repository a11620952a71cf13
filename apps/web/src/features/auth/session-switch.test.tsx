import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { adoptSessionFromQuery, clearPendingSwitch, getPendingSwitch } from '../../lib/start-up.ts';
import { DEMO_MERCHANT, fakeToken, mockFetch, renderApp, signIn, signOut } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearPendingSwitch();
  signOut();
  window.history.replaceState(null, '', '/');
});

/** A token of `sub` other than the stored one (another session of the same person). */
const otherSessionOf = (sub: string) => {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, sid: 'fresh' })}.signature`;
};

/** Opens the console at `/orders/active?jwt=…&tmk=…` as start-up does, signed in as user-1. */
function openLink(token: string, tmk: string, answers: Record<string, { status?: number; body?: unknown }>) {
  signIn('tmk-1', 'user-1');
  window.history.replaceState(null, '', `/orders/active?jwt=${token}&tmk=${tmk}`);
  adoptSessionFromQuery();
  expect(window.location.search).toBe(''); // removed from the address bar either way
  const fetchMock = mockFetch((url) => {
    for (const [suffix, answer] of Object.entries(answers)) if (url.endsWith(suffix)) return answer;
    return undefined;
  });
  const { router } = renderApp('/orders/active');
  return { fetchMock, router };
}

const otherUser = {
  id: 'user-2',
  first_name: 'Hal',
  last_name: 'Harbor',
  email: 'owner@other.test',
  phone_number: null,
  birthday: null,
  date_created: '2024-01-01T00:00:00Z',
  last_login: null,
  userRoles: ['merch.owner'],
  aux_data: { authorized_merchant: 'tmk-2' },
};
const linkToOther = {
  '/a/v2/users/user-2': { body: otherUser },
  '/c/v2/merchants/tmk-2': { body: { ...DEMO_MERCHANT, tmk: 'tmk-2', name: 'Harbor Liquors' } },
};

describe('a sign-in link opened while signed in', () => {
  it("another person's link: asks first, and changes nothing when the person stays", async () => {
    const { fetchMock } = openLink(fakeToken('user-2'), 'tmk-2', linkToOther);
    const before = { token: fakeToken('user-1'), merchantKey: 'tmk-1' };
    expect(getSession()).toEqual(before);
    const dialog = await screen.findByRole('dialog', {
      name: 'Switch to owner@other.test at Harbor Liquors?',
    });
    expect(getSession()).toEqual(before);
    // The link's token was asked whose it is, with its own bearer header.
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/a/v2/users/user-2'));
    expect(new Headers((call?.[1] as RequestInit | undefined)?.headers).get('authorization')).toBe(
      `Bearer ${fakeToken('user-2')}`,
    );
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(getSession()).toEqual(before);
    expect(getPendingSwitch()).toBeNull();
  });

  it("another person's link: switches when the person confirms", async () => {
    const { router } = openLink(fakeToken('user-2'), 'tmk-2', linkToOther);
    await screen.findByRole('dialog', { name: 'Switch to owner@other.test at Harbor Liquors?' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Switch account' }));
    await waitFor(() => expect(getSession()).toEqual({ token: fakeToken('user-2'), merchantKey: 'tmk-2' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/orders/));
  });

  it("the same person's link (a fresh sign-in) is adopted without a question", async () => {
    const fresh = otherSessionOf('user-1');
    openLink(fresh, 'tmk-1', {
      '/a/v2/users/user-1': { body: { ...otherUser, id: 'user-1', email: 'owner@demo.test' } },
    });
    await waitFor(() => expect(getSession()).toEqual({ token: fresh, merchantKey: 'tmk-1' }));
    expect(screen.queryByRole('dialog', { name: /Switch to/ })).toBeNull();
  });

  it('a link whose token is not valid is dropped; the current session stays', async () => {
    const before = { token: fakeToken('user-1'), merchantKey: 'tmk-1' };
    const { fetchMock } = openLink(fakeToken('user-2'), 'tmk-2', {
      '/a/v2/users/user-2': { status: 401, body: { message: 'Your session has ended.' } },
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/a/v2/users/user-2'))).toBe(true),
    );
    await waitFor(() => expect(getPendingSwitch()).toBeNull());
    expect(getSession()).toEqual(before);
    expect(screen.queryByRole('dialog', { name: /Switch to/ })).toBeNull();
  });

  it('nobody signed in: the link is stored as before, without a question', () => {
    window.history.replaceState(null, '', `/?jwt=${fakeToken('user-2')}&tmk=tmk-2`);
    adoptSessionFromQuery();
    expect(getSession()).toEqual({ token: fakeToken('user-2'), merchantKey: 'tmk-2' });
    expect(getPendingSwitch()).toBeNull();
    expect(window.location.search).toBe('');
  });
});
