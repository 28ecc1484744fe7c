import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OtlpAttribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
export type ExportedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  links?: Array<{ traceId: string; spanId: string }>;
  status?: { code?: number; message?: string };
};
type Export = {
  resourceSpans: Array<{
    resource?: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ spans: ExportedSpan[] }>;
  }>;
};

/** The value of a span's (or resource's) attribute, as a string or number. */
export const attributeOf = (attributes: OtlpAttribute[], key: string) => {
  const value = attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** A small OTLP/HTTP receiver: keeps every span (and its batch's resource) POSTed to /v1/traces (JSON). */
export async function startOtlpReceiver() {
  const spans: ExportedSpan[] = [];
  const resources: OtlpAttribute[][] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      paths.push(req.url ?? '');
      const payload = JSON.parse(body) as Export;
      for (const r of payload.resourceSpans) {
        resources.push(r.resource?.attributes ?? []);
        for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    spans,
    resources,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
