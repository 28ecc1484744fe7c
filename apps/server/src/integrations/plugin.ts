import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSimulatorFixtures } from '../simulators/fixtures';
import { createDispatchSimulator } from '../simulators/dispatch/simulator';
import { createTelemetrySimulator } from '../simulators/telemetry/simulator';
import { createDispatchClient, type DispatchClient } from './dispatch/client';
import { createTelemetryClient, type TelemetryClient } from './telemetry/client';
import { createBiClient, type BiClient } from './bi/client';
import { createBiSimulator } from '../simulators/bi/simulator';
import { createCollectorClient, type CollectorClient } from './collector/client';
import { createSmsClient, type SmsClient } from './sms/client';
import { createSmsSimulator } from '../simulators/sms/simulator';
import { createIdpSimulator, type IdpSimulator } from '../simulators/idp/simulator';
import { inProcessFetch } from './in-process-fetch';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live Dispatch's API client: the only way the portal reaches LD. */
    dispatchClient: DispatchClient;
    /** Tattle Systems' API client: the only way the portal reaches TS. */
    telemetryClient: TelemetryClient;
    /** The BI server's (Dundas BI) REST client: the only way the portal reaches it. */
    biClient: BiClient;
    /** The OpenTelemetry collector, for the browser spans the portal relays; undefined when tracing is off. */
    collectorClient: CollectorClient | undefined;
    /** The SMS gateway's client (Twilio's Messages API); undefined when codes go by email only. */
    smsClient: SmsClient | undefined;
    /** The identity provider simulator at /sim/idp; undefined in production. */
    idpSimulator: IdpSimulator | undefined;
    /** The fetch of OpenID Connect calls: the simulator's URLs are answered in-process. */
    oidcFetch: typeof fetch;
  }
}

/**
 * Our own origin as seen from this process, once it listens: mounted simulators are reached over
 * real HTTP like any remote system (the client code is the same either way).
 */
function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address) throw new Error('the server is not listening yet');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The LD, TS, BI and SMS clients, and — for every system without a configured URL — its simulator
 * mounted under `/sim/ld`, `/sim/ts`, `/sim/bi` or `/sim/sms` (docs/architecture.md), the client
 * pointed at it.
 */
export const integrationsPlugin = fp(
  async (app: FastifyInstance) => {
    const { linkedApps, bi } = app.config;
    const common = {
      timeoutMs: linkedApps.timeoutMs,
      log: app.log,
      observe: app.metrics.observeRemote,
      trace: app.traceRemote,
    };
    const mounted = !linkedApps.ld.apiUrl || !linkedApps.ts.apiUrl || !bi.apiUrl;
    const { demoAccounts, controls } = app.config.simulators;
    const fixtures = mounted
      ? loadSimulatorFixtures(linkedApps.simulatorFixtures, { demo: demoAccounts })
      : undefined;
    if (mounted && app.config.isProduction)
      app.log.warn(
        { ld: !linkedApps.ld.apiUrl, ts: !linkedApps.ts.apiUrl, bi: !bi.apiUrl },
        'SIMULATORS=on in production: simulators stand in for the systems without a URL (no demo accounts, no /_sim controls); not for real customers',
      );

    app.decorate(
      'dispatchClient',
      createDispatchClient({
        ...common,
        baseUrl: linkedApps.ld.apiUrl ?? (() => `${ownOrigin(app)}/sim/ld`),
        now: app.now,
      }),
    );
    app.decorate(
      'telemetryClient',
      createTelemetryClient({
        ...common,
        baseUrl: linkedApps.ts.apiUrl ?? (() => `${ownOrigin(app)}/sim/ts`),
      }),
    );

    const { tracing } = app.config;
    app.decorate(
      'collectorClient',
      tracing
        ? // Not traced itself: a span per relayed batch of spans would be noise.
          createCollectorClient({
            baseUrl: tracing.endpoint,
            timeoutMs: linkedApps.timeoutMs,
            log: app.log,
            observe: app.metrics.observeRemote,
          })
        : undefined,
    );

    // Mounted, a simulator shares our origin: its app page hands off to a relative /ext-login, so the
    // hand-off works whatever host name the browser used (and the CSP's form-action 'self' allows it).
    const portalUrl = '';
    app.decorate(
      'biClient',
      createBiClient({
        ...common,
        baseUrl: bi.apiUrl ?? (() => `${ownOrigin(app)}/sim/bi`),
        serviceAccount: bi.serviceAccount,
      }),
    );

    const { sms } = app.config;
    app.decorate(
      'smsClient',
      sms &&
        createSmsClient({
          ...common,
          baseUrl: sms.url ?? (() => `${ownOrigin(app)}/sim/sms`),
          account: sms.account,
          token: sms.token,
          from: sms.from,
        }),
    );
    // config.sms has no URL only where the simulator may stand in (outside production, decision 0037).
    if (sms && !sms.url) {
      const simulator = createSmsSimulator({ ...sms, now: app.now });
      await app.register(simulator.plugin, { prefix: '/sim/sms' });
    }

    // The identity provider simulator (outside production only): the portal reaches it in-process, so
    // its issuer may be APP_URL's origin even behind the development server's proxy.
    const idp = app.config.sso.simulator;
    const issuer = `${app.config.appUrl}/sim/idp`;
    const idpSimulator = idp
      ? await createIdpSimulator({
          issuer,
          redirectUri: `${app.config.appUrl}/sso/callback`,
          domain: idp.domain,
        })
      : undefined;
    app.decorate('idpSimulator', idpSimulator);
    app.decorate('oidcFetch', idpSimulator ? inProcessFetch(app, issuer, idpSimulator.tamper) : fetch);
    if (idpSimulator) await app.register(idpSimulator.plugin, { prefix: '/sim/idp' });

    if (fixtures && !bi.apiUrl) {
      const simulator = createBiSimulator({
        now: app.now,
        ...fixtures.bi,
        serviceAccount: bi.serviceAccount,
        controls,
        // In production the designer is not anonymous (the projects' names and items are listed there).
        designerLogOn: app.config.env === 'production',
      });
      await app.register(simulator.plugin, { prefix: '/sim/bi' });
    }
    if (fixtures && !linkedApps.ld.apiUrl) {
      const simulator = createDispatchSimulator({ accounts: fixtures.ld, portalUrl, now: app.now });
      await app.register(simulator.plugin, { prefix: '/sim/ld' });
    }
    if (fixtures && !linkedApps.ts.apiUrl) {
      const simulator = createTelemetrySimulator({
        accounts: fixtures.ts,
        portalUrl,
        now: app.now,
        sessionIdleMs: linkedApps.tsSimulatorSessionIdleMs,
        controls,
      });
      await app.register(simulator.plugin, { prefix: '/sim/ts' });
    }
  },
  {
    name: 'integrations',
    dependencies: ['metrics', 'tracing'],
    decorators: { fastify: ['config', 'metrics', 'now', 'traceRemote'] },
  },
);
