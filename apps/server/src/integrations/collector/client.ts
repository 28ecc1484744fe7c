import { createRemote, type RemoteOptions } from '../remote';

/**
 * The OpenTelemetry collector, for what the portal relays to it (the browser's spans; the server's
 * own go through the OTLP exporter): OTLP/HTTP JSON `POST /v1/traces`, with the breaker, timeout
 * and metrics every client has (docs/integrations.md "Every client").
 */
export function createCollectorClient(options: Omit<RemoteOptions, 'system' | 'trace'>) {
  const remote = createRemote({ ...options, system: 'Trace collector' });
  return {
    system: remote.system,
    /** Sends one OTLP/JSON batch of spans; a refusal or an outage is a RemoteFailure. */
    async sendSpans(batch: object): Promise<void> {
      const answer = await remote.send({ method: 'POST', path: '/v1/traces', body: batch });
      if (answer.status < 200 || answer.status >= 300) throw remote.unexpected(answer, 'spans');
    },
  };
}

export type CollectorClient = ReturnType<typeof createCollectorClient>;
