import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS, MESSAGES, REALTIME, STORAGE_KEYS, type User } from '@portal/contract';
import { buildUser } from '../test/builders';
import { mockApi, type MockHandler } from '../test/fetch-mock';
import { renderApp, signIn } from '../test/render';

/** EventSource stand-in: records instances so a test can push frames or fail the stream. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data })));
  }
}
const latest = () => FakeEventSource.instances.at(-1)!;

const withSingleSession = (on: boolean): User =>
  buildUser({
    meta: [
      { key: META_KEYS.nsbiEnabled, value: '0' },
      { key: META_KEYS.singleSession, value: on ? '1' : '0' },
    ],
  });

function signedInApp(me: User, extra: Record<string, MockHandler> = {}) {
  signIn(me);
  let tickets = 0;
  const api = mockApi({
    'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    'GET auth/me': { body: { data: me } },
    'POST broadcasting/auth': () => ({ body: { data: { ticket: `ticket-${++tickets}` } } }),
    ...extra,
  });
  renderApp('/');
  return api;
}

/** Fake timers only from here on: the app has loaded with real ones. */
const announceSignIn = () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return act(() =>
    latest().emit(REALTIME.loginEvent, JSON.stringify({ userId: 7, at: new Date().toISOString() })),
  );
};

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('single session over the realtime channel', () => {
  it('subscribes to the own channel with a ticket and closes the stream on logout', async () => {
    const api = signedInApp(withSingleSession(false));
    await screen.findByRole('heading', { name: 'Applications' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(api.calls('POST broadcasting/auth')[0]?.body).toEqual({ channel_name: 'login-notification.7' });
    expect(latest().url).toBe('/api/v1.0/realtime?ticket=ticket-1');

    // Tickets are single use: a dropped stream reconnects with a fresh one.
    act(() => latest().emit('error'));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3000 });
    expect(latest().url).toContain('ticket-2');

    const { clearSession } = await import('../shared/session/session-store');
    act(() => clearSession());
    await waitFor(() => expect(latest().closed).toBe(true));
  });

  it('with single session on: logs out, warns for 5 s, then goes to Sign In', async () => {
    signedInApp(withSingleSession(true));
    await screen.findByRole('heading', { name: 'Applications' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    sessionStorage.setItem(STORAGE_KEYS.nsbi, '1');

    await announceSignIn();
    expect((await screen.findAllByText(MESSAGES.anotherDevice)).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.nsbi)).toBe('1');
    expect(latest().closed).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.queryByRole('heading', { name: 'Sign In' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.sessionExpired)).not.toBeInTheDocument();
  });

  it('shows the same message when the server already revoked this session (auth/me → 401)', async () => {
    let meCalls = 0;
    const me = withSingleSession(true);
    signedInApp(me, {
      'GET auth/me': () =>
        ++meCalls === 1 ? { body: { data: me } } : { status: 401, body: { message: 'Unauthenticated.' } },
      'POST auth/refresh': () => ({ status: 401, body: { message: 'Unauthenticated.' } }),
    });
    await screen.findByRole('heading', { name: 'Applications' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));

    await announceSignIn();
    expect((await screen.findAllByText(MESSAGES.anotherDevice)).length).toBeGreaterThan(0);
    expect(screen.queryByText(MESSAGES.sessionExpired)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('with single session off: re-reads the profile and stays signed in', async () => {
    const api = signedInApp(withSingleSession(false));
    await screen.findByRole('heading', { name: 'Applications' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const before = api.calls('GET auth/me').length;

    await announceSignIn();
    await waitFor(() => expect(api.calls('GET auth/me').length).toBe(before + 1));
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.anotherDevice)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });
});
