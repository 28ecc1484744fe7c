import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DISPATCH_ACCOUNT, DEMO_TELEMETRY_ACCOUNT } from '../simulators/fixtures';
import { closedPortUrl, MISBEHAVIOURS, startFakeRemote } from '../test/fake-remote';
import { buildDispatchAccount, startTestSimulators, type TestSimulators } from '../test/simulators';
import { createDispatchClient } from './dispatch/client';
import { RemoteFailure, type RemoteLog } from './remote';
import { createTelemetryClient } from './telemetry/client';

const silent: RemoteLog = { debug: () => undefined, warn: () => undefined };

/** A log that keeps what it was told, to check what (and what not) a client writes. */
function recordingLog() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const log: RemoteLog = {
    debug: (details, message) =>
      lines.push({ level: 'debug', details: details as Record<string, unknown>, message }),
    warn: (details, message) =>
      lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
  };
  return { log, lines };
}

describe('LD and TS clients against their simulators, over HTTP', () => {
  let sims: TestSimulators;
  let clock = Date.now();
  const withCode = buildDispatchAccount({ code: '424242' });
  beforeAll(async () => {
    sims = await startTestSimulators({ ldAccounts: [withCode], now: () => new Date(clock) });
  });
  afterAll(() => sims.close());

  const dispatchClient = (log = silent) =>
    createDispatchClient({ baseUrl: sims.ldUrl, timeoutMs: 2000, log });
  const telemetryClient = (log = silent) =>
    createTelemetryClient({ baseUrl: sims.tsUrl, timeoutMs: 2000, log });

  /** POST /api/sso/token as LD or TS would when it sends a user to the portal. */
  async function mintHandOff(url: string, headers: Record<string, string>) {
    const res = await fetch(`${url}/api/sso/token`, { method: 'POST', headers });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  describe('Live Dispatch', () => {
    it('signs in the demo account: its profile and a token pair', async () => {
      const result = await dispatchClient().signIn({
        username: 'LD.Demo',
        password: DEMO_DISPATCH_ACCOUNT.password,
      });
      expect(result.kind).toBe('signed-in');
      if (result.kind !== 'signed-in') return;
      expect(result.user).toEqual({
        id: 'ld-1001',
        username: 'ld.demo',
        email: 'ld.demo@example.com',
        name: DEMO_DISPATCH_ACCOUNT.name,
        client_name: 'Acme Logistics',
        branch_name: 'Cape Town',
      });
      expect(result.tokens.accessToken).toMatch(/^[\w-]{20,}$/);
      expect(result.tokens.refreshToken).not.toBe(result.tokens.accessToken);
      expect(result.tokens.expiresAt!.getTime()).toBeGreaterThan(clock);
      expect(await dispatchClient().currentUser(result.tokens.accessToken)).toMatchObject({ id: 'ld-1001' });
    });

    it('passes on LD’s own refusal message for wrong credentials', async () => {
      const result = await dispatchClient().signIn({ username: 'ld.demo', password: 'wrong' });
      expect(result).toEqual({ kind: 'rejected', message: 'Invalid username or password.' });
    });

    it('asks for the one-time code (202), refuses a wrong one, accepts the right one', async () => {
      const client = dispatchClient();
      const credentials = { username: withCode.username, password: withCode.password };
      expect(await client.signIn(credentials)).toMatchObject({ kind: 'code-required' });
      expect(await client.signIn({ ...credentials, code: '000000' })).toEqual({
        kind: 'rejected',
        message: 'The one-time code is invalid.',
      });
      expect(await client.signIn({ ...credentials, code: '424242' })).toMatchObject({
        kind: 'signed-in',
        user: { id: withCode.id },
      });
    });

    it('answers null for a token LD does not accept', async () => {
      expect(await dispatchClient().currentUser('not-a-token')).toBeNull();
    });

    it('introspects a hand-off token once; a replay or a token older than 60 s is null', async () => {
      const signedIn = await dispatchClient().signIn({
        username: 'ld.demo',
        password: DEMO_DISPATCH_ACCOUNT.password,
      });
      if (signedIn.kind !== 'signed-in') throw new Error('demo sign-in failed');
      const bearer = { authorization: `Bearer ${signedIn.tokens.accessToken}` };

      const token = await mintHandOff(sims.ldUrl, bearer);
      expect(await dispatchClient().introspect(token)).toMatchObject({ id: 'ld-1001', username: 'ld.demo' });
      expect(await dispatchClient().introspect(token)).toBeNull();

      const late = await mintHandOff(sims.ldUrl, bearer);
      clock += 61_000;
      expect(await dispatchClient().introspect(late)).toBeNull();
    });

    it('logs each call with its duration at debug level, never a token or password', async () => {
      const { log, lines } = recordingLog();
      await dispatchClient(log).signIn({ username: 'ld.demo', password: DEMO_DISPATCH_ACCOUNT.password });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 'debug',
        message: 'remote call',
        details: { system: 'Live Dispatch', method: 'POST', path: '/api/auth/login', status: 200 },
      });
      expect(typeof lines[0]!.details.ms).toBe('number');
      expect(JSON.stringify(lines)).not.toContain(DEMO_DISPATCH_ACCOUNT.password);
    });
  });

  describe('Tattle Systems', () => {
    it('signs in by email and keeps the JSESSIONID; the session answers the user', async () => {
      const client = telemetryClient();
      const result = await client.signIn({
        email: 'TS.Demo@example.com',
        password: DEMO_TELEMETRY_ACCOUNT.password,
      });
      if (result.kind !== 'signed-in') throw new Error(`sign-in: ${result.kind}`);
      expect(result.user).toMatchObject({ id: 'ts-2001', email: 'ts.demo@example.com', username: 'ts.demo' });
      expect(result.sessionId).toMatch(/^[\w-]{20,}$/);
      expect(await client.currentUser(result.sessionId)).toMatchObject({ id: 'ts-2001' });
    });

    it('refuses wrong credentials with TS’s message', async () => {
      expect(await telemetryClient().signIn({ email: 'ts.demo@example.com', password: 'nope' })).toEqual({
        kind: 'rejected',
        message: 'Invalid email or password.',
      });
    });

    it('a session ends after 30 minutes unused, or when the simulator ends it; use keeps it alive', async () => {
      const client = telemetryClient();
      const credentials = { email: 'ts.demo@example.com', password: DEMO_TELEMETRY_ACCOUNT.password };
      const first = await client.signIn(credentials);
      const second = await client.signIn(credentials);
      if (first.kind !== 'signed-in' || second.kind !== 'signed-in') throw new Error('sign-in failed');

      clock += 20 * 60_000;
      expect(await client.currentUser(first.sessionId)).not.toBeNull(); // used: idle time restarts
      clock += 20 * 60_000;
      expect(await client.currentUser(first.sessionId)).not.toBeNull();
      expect(await client.currentUser(second.sessionId)).toBeNull(); // 40 minutes unused

      expect(sims.ts.expireSessions('ts.demo@example.com')).toBeGreaterThan(0);
      expect(await client.currentUser(first.sessionId)).toBeNull();
    });

    it('introspects a hand-off token once', async () => {
      const signedIn = await telemetryClient().signIn({
        email: 'ts.demo@example.com',
        password: DEMO_TELEMETRY_ACCOUNT.password,
      });
      if (signedIn.kind !== 'signed-in') throw new Error('sign-in failed');
      const token = await mintHandOff(sims.tsUrl, { cookie: `JSESSIONID=${signedIn.sessionId}` });
      expect(await telemetryClient().introspect(token)).toMatchObject({ id: 'ts-2001' });
      expect(await telemetryClient().introspect(token)).toBeNull();
      // Each system honours only its own tokens.
      const another = await mintHandOff(sims.tsUrl, { cookie: `JSESSIONID=${signedIn.sessionId}` });
      expect(await dispatchClient().introspect(another)).toBeNull();
      expect(await telemetryClient().introspect(another)).toMatchObject({ id: 'ts-2001' });
    });
  });
});

describe('LD and TS clients when their system fails', () => {
  const clients = {
    'Live Dispatch': (baseUrl: string, log = silent) => {
      const client = createDispatchClient({ baseUrl, timeoutMs: 300, log });
      return {
        signIn: () => client.signIn({ username: 'ld.demo', password: 'Dispatch#2024' }),
        read: () => client.currentUser('token'),
      };
    },
    'Tattle Systems': (baseUrl: string, log = silent) => {
      const client = createTelemetryClient({ baseUrl, timeoutMs: 300, log });
      return {
        signIn: () => client.signIn({ email: 'ts.demo@example.com', password: 'Telemetry#2024' }),
        read: () => client.currentUser('session-id-0001'),
      };
    },
  };

  for (const [system, make] of Object.entries(clients)) {
    const expectFailure = async (call: Promise<unknown>, reason: string) => {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RemoteFailure);
      expect(error).toMatchObject({
        status: 502,
        reason,
        message: `${system} is not available right now. Please try again later.`,
      });
    };

    it(`${system} down: 502 RemoteFailure 'unreachable'`, async () => {
      const url = await closedPortUrl();
      await expectFailure(make(url).signIn(), 'unreachable');
      await expectFailure(make(url).read(), 'unreachable');
    });

    for (const [name, misbehave] of Object.entries(MISBEHAVIOURS)) {
      it(`${system} ${name}: 502 with a short message of ours, never the remote body`, async () => {
        const fake = await startFakeRemote(misbehave);
        const { log, lines } = recordingLog();
        try {
          const reason = name === 'slow' ? 'timeout' : name === '5xx' ? 'status' : 'body';
          const started = Date.now();
          await expectFailure(make(fake.url, log).signIn(), reason);
          if (name === 'slow') expect(Date.now() - started).toBeLessThan(2500); // gave up at the timeout
          expect(JSON.stringify(lines)).not.toMatch(/NullPointer|Gateway says/);
          expect(lines.some((l) => l.level === 'warn')).toBe(true);
        } finally {
          await fake.close();
        }
      });
    }

    it(`${system}: an idempotent read is retried once after a dropped connection; a sign-in is not`, async () => {
      const fake = await startFakeRemote((request, response, nth) => {
        if (nth === 1 || request.method === 'POST') return request.socket.destroy();
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"id":"x-1","name":"Back again"}');
      });
      try {
        expect(await make(fake.url).read()).toMatchObject({ id: 'x-1', name: 'Back again' });
        expect(fake.requests()).toBe(2);
        await expectFailure(make(fake.url).signIn(), 'unreachable');
        expect(fake.requests()).toBe(3);
      } finally {
        await fake.close();
      }
    });
  }
});
