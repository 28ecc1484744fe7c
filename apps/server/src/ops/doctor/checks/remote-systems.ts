import { createBiClient } from '../../../integrations/bi/client';
import { createDispatchClient } from '../../../integrations/dispatch/client';
import { RemoteFailure } from '../../../integrations/remote';
import { createTelemetryClient } from '../../../integrations/telemetry/client';
import { fail, pass, reasonOf, type Check, type Finding } from '../types';

/** What went wrong, in an operator's words (a client's own message is meant for the portal's users). */
export function failureOf(err: unknown, timeoutMs: number): string {
  if (!(err instanceof RemoteFailure)) return reasonOf(err);
  if (err.reason === 'unreachable') return 'no connection (refused, or the name does not resolve)';
  if (err.reason === 'timeout') return `no answer within ${timeoutMs} ms`;
  return err.message.includes('refused')
    ? 'the service account log-on was refused'
    : 'an answer the portal does not expect';
}

const quiet = { debug: () => {}, warn: () => {} };

/** An unset URL: the simulator stands in (allowed outside production, or with SIMULATORS=on). */
const simulated = (name: string, variable: string) =>
  pass(name, `no ${variable}: the built-in simulator stands in (not for real customers)`);

async function answers(
  name: string,
  variable: string,
  url: string,
  probe: () => Promise<number>,
  timeoutMs: number,
) {
  try {
    const status = await probe();
    return pass(name, `${url} answers (HTTP ${status})`);
  } catch (err) {
    return fail(
      name,
      `${url} does not answer: ${failureOf(err, timeoutMs)}`,
      `check ${variable}, and that the portal's host may reach it (DNS, firewall, proxy)`,
    );
  }
}

/** Live Dispatch, Tattle Systems and the BI server answer; the BI service account logs on. */
export const checkRemoteSystems: Check = async ({ config, timeoutMs }) => {
  const common = { timeoutMs, log: quiet };
  const { ld, ts } = config.linkedApps;
  const findings: Finding[] = [];
  findings.push(
    ld.apiUrl
      ? await answers(
          'Live Dispatch',
          'LD_URL',
          ld.apiUrl,
          () => createDispatchClient({ ...common, baseUrl: ld.apiUrl! }).reachable(),
          timeoutMs,
        )
      : simulated('Live Dispatch', 'LD_URL'),
  );
  findings.push(
    ts.apiUrl
      ? await answers(
          'Tattle Systems',
          'TS_URL',
          ts.apiUrl,
          () => createTelemetryClient({ ...common, baseUrl: ts.apiUrl! }).reachable(),
          timeoutMs,
        )
      : simulated('Tattle Systems', 'TS_URL'),
  );
  const { bi } = config;
  if (!bi.apiUrl) {
    findings.push(simulated('BI server', 'BI_URL'));
    return findings;
  }
  try {
    await createBiClient({
      ...common,
      baseUrl: bi.apiUrl,
      serviceAccount: bi.serviceAccount,
    }).checkServiceAccount();
    findings.push(
      pass('BI server', `${bi.apiUrl} answers and the service account ${bi.serviceAccount.name} logs on`),
    );
  } catch (err) {
    const reason = failureOf(err, timeoutMs);
    const refused = reason.includes('refused');
    findings.push(
      fail(
        'BI server',
        `${bi.apiUrl}: ${reason}`,
        refused
          ? `check BI_SERVICE_ACCOUNT (${bi.serviceAccount.name}) and BI_SERVICE_PASSWORD against the BI server's accounts`
          : 'check BI_URL (the REST API base, e.g. https://bi.example.com/api) and that the portal may reach it',
      ),
    );
  }
  return findings;
};
