import {
  DEMO_BI_SERVICE_ACCOUNT,
  DEMO_DISPATCH_ACCOUNT,
  DEMO_SMS_ACCOUNT,
  DEMO_TELEMETRY_ACCOUNT,
  type DispatchAccount,
  type TelemetryAccount,
} from '../simulators/fixtures';
import { createDispatchSimulator, type DispatchSimulator } from '../simulators/dispatch/simulator';
import { serveSimulator } from '../simulators/serve';
import { createTelemetrySimulator, type TelemetrySimulator } from '../simulators/telemetry/simulator';
import { createBiSimulator, type BiSimulator, type BiSimulatorOptions } from '../simulators/bi/simulator';
import { createSmsSimulator, type SmsSimulator } from '../simulators/sms/simulator';

export type TestSimulators = {
  ld: DispatchSimulator;
  ts: TelemetrySimulator;
  bi: BiSimulator;
  /** The SMS gateway: what it received is `sms.messages()`. */
  sms: SmsSimulator;
  ldUrl: string;
  tsUrl: string;
  biUrl: string;
  smsUrl: string;
  /** LD_URL / TS_URL / BI_URL / SMS_URL (and their credentials) for createTestApp's env. */
  env: {
    LD_URL: string;
    TS_URL: string;
    BI_URL: string;
    BI_SERVICE_PASSWORD: string;
    SMS_URL: string;
    SMS_ACCOUNT: string;
    SMS_TOKEN: string;
    SMS_FROM: string;
  };
  close(): Promise<void>;
};

export type SimulatorSetup = {
  ldAccounts?: DispatchAccount[];
  tsAccounts?: TelemetryAccount[];
  now?: () => Date;
  portalUrl?: string;
  bi?: BiSimulatorOptions;
};

/** The LD, TS, BI and SMS simulators on ports of their own: what a test app's clients talk to over HTTP. */
export async function startTestSimulators(setup: SimulatorSetup = {}): Promise<TestSimulators> {
  const portalUrl = setup.portalUrl ?? 'http://portal.test';
  const ld = createDispatchSimulator({
    accounts: [DEMO_DISPATCH_ACCOUNT, ...(setup.ldAccounts ?? [])],
    portalUrl,
    now: setup.now,
  });
  const ts = createTelemetrySimulator({
    accounts: [DEMO_TELEMETRY_ACCOUNT, ...(setup.tsAccounts ?? [])],
    portalUrl,
    now: setup.now,
  });
  const bi = createBiSimulator({ now: setup.now, ...setup.bi });
  const sms = createSmsSimulator({ ...DEMO_SMS_ACCOUNT, now: setup.now });
  const [ldServer, tsServer, biServer, smsServer] = await Promise.all([
    serveSimulator(ld.plugin),
    serveSimulator(ts.plugin),
    serveSimulator(bi.plugin),
    serveSimulator(sms.plugin),
  ]);
  return {
    ld,
    ts,
    bi,
    sms,
    ldUrl: ldServer.url,
    tsUrl: tsServer.url,
    biUrl: biServer.url,
    smsUrl: smsServer.url,
    env: {
      LD_URL: ldServer.url,
      TS_URL: tsServer.url,
      BI_URL: biServer.url,
      BI_SERVICE_PASSWORD: DEMO_BI_SERVICE_ACCOUNT.password,
      SMS_URL: smsServer.url,
      SMS_ACCOUNT: DEMO_SMS_ACCOUNT.account,
      SMS_TOKEN: DEMO_SMS_ACCOUNT.token,
      SMS_FROM: DEMO_SMS_ACCOUNT.from,
    },
    close: async () => {
      await Promise.all([ldServer.close(), tsServer.close(), biServer.close(), smsServer.close()]);
    },
  };
}

let sequence = 0;
/** A fresh LD account (unique username and email), for tests that link or sign in with one. */
export function buildDispatchAccount(input: Partial<DispatchAccount> = {}): DispatchAccount {
  sequence += 1;
  const n = `${Date.now().toString(36)}${sequence}`;
  return {
    id: `ld-test-${n}`,
    username: `ld.user.${n}`,
    password: 'Dispatch#Test1',
    name: `LD User ${n}`,
    email: `ld-${n}@dispatch.test`,
    client_name: 'Test Client',
    branch_name: 'Test Branch',
    ...input,
  };
}

/** A fresh TS account. */
export function buildTelemetryAccount(input: Partial<TelemetryAccount> = {}): TelemetryAccount {
  sequence += 1;
  const n = `${Date.now().toString(36)}${sequence}`;
  return {
    id: `ts-test-${n}`,
    email: `ts-${n}@telemetry.test`,
    password: 'Telemetry#Test1',
    name: `TS User ${n}`,
    username: `ts.user.${n}`,
    ...input,
  };
}
