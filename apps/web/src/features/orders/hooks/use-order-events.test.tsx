import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '../../../lib/navigation.ts';
import { getToken } from '../../../lib/session.ts';
import { FakeEventSource } from '../../../test/fake-event-source.ts';
import { mockFetch, signIn } from '../../../test/render-app.tsx';
import { RECONNECT_MIN_MS, useOrderEvents } from './use-order-events.ts';

const TICKET_PATH = '/m/v2/merchant/tmk-1/orders/events/ticket';
let tickets = 0;

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  FakeEventSource.all = [];
  tickets = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  signIn('tmk-1');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answerTickets = () =>
  mockFetch((url, init) => {
    if (url.endsWith(TICKET_PATH) && init.method === 'POST') {
      tickets += 1;
      return { body: { ticket: `ticket-${tickets}`, expires_in: 60 } };
    }
    return { body: { items: [] } };
  });

describe('useOrderEvents', () => {
  it('opens the stream with a single-use ticket fetched with the bearer token, never the token itself', async () => {
    const fetchMock = answerTickets();
    const token = getToken()!;
    const { unmount } = renderHook(() => useOrderEvents('tmk-1', token), { wrapper });
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const es = FakeEventSource.all[0]!;
    expect(es.url).toBe('/m/v2/merchant/tmk-1/orders/events?ticket=ticket-1');
    expect(es.url).not.toContain(token);
    expect(es.url).not.toContain('access_token');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith(TICKET_PATH));
    const headers = (call?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBe(`Bearer ${token}`);
    unmount();
    expect(es.closed).toBe(true);
  });

  it('after a drop, closes the old connection and reopens with a fresh ticket', async () => {
    answerTickets();
    renderHook(() => useOrderEvents('tmk-1', getToken()), { wrapper });
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    vi.useFakeTimers();
    const first = FakeEventSource.all[0]!;
    first.fire('open');
    first.fire('error');
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MIN_MS + 10);
    vi.useRealTimers();
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    expect(FakeEventSource.all[1]!.url).toBe('/m/v2/merchant/tmk-1/orders/events?ticket=ticket-2');
  });

  it('when the session has ended (401 on the ticket), opens nothing and signs the console out', async () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    mockFetch((url) =>
      url.endsWith(TICKET_PATH) ? { status: 401, body: { message: 'Your session has ended.' } } : undefined,
    );
    renderHook(() => useOrderEvents('tmk-1', getToken()), { wrapper });
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(FakeEventSource.all).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    registerNavigator(null);
  });
});
