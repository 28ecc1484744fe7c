import { API_PREFIX, broadcastingTicketSchema, dataOf } from '@portal/contract';
import { apiRequest } from '../api/api-client';

type Subscription = {
  channel: string;
  event: string;
  onEvent: (data: unknown) => void;
};

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

function parseData(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** POST broadcasting/auth → a short-lived, single-use ticket for one of our own channels. */
async function fetchTicket(channel: string): Promise<string> {
  const { data } = await apiRequest('broadcasting/auth', {
    method: 'POST',
    body: { channel_name: channel },
    schema: dataOf(broadcastingTicketSchema),
  });
  return data.ticket;
}

/**
 * Subscribes to one realtime channel over Server-Sent Events (docs/api.md "Realtime"). Tickets are single
 * use, so the browser's own EventSource reconnect (same URL) cannot work: on any error the stream is
 * closed and reopened with a fresh ticket, with growing delays. Returns `close`.
 */
export function subscribeRealtime({ channel, event, onEvent }: Subscription): () => void {
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const retry = () => {
    if (closed) return;
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => void open(), delay);
  };

  const open = async () => {
    let ticket: string;
    try {
      ticket = await fetchTicket(channel);
    } catch {
      // A 401 has already ended the session through the API client's rule (and closed us).
      return retry();
    }
    if (closed) return;
    source = new EventSource(`${API_PREFIX}/realtime?ticket=${encodeURIComponent(ticket)}`);
    source.addEventListener('open', () => {
      attempt = 0;
    });
    source.addEventListener(event, (message) => onEvent(parseData((message as MessageEvent<string>).data)));
    source.addEventListener('error', () => {
      source?.close();
      source = null;
      retry();
    });
  };

  void open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}
