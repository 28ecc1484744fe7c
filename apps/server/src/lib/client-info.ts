import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** Where a request came from, as services need it for sessions, throttling and the audit log. */
export type ClientInfo = { ip: string; userAgent: string | null };

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  // Capped: the header is attacker-controlled and lands in the sessions table.
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}

/**
 * Removes the X-Forwarded-For entries that are not IP addresses (the header is the client's to
 * write until a trusted proxy appends to it). Entries, not the whole header: the trusted proxies'
 * own entries stay where the hop count expects them.
 */
export function dropNonIpForwardedFor(headers: IncomingMessage['headers']): void {
  const value = headers['x-forwarded-for'];
  if (value === undefined) return;
  const entries = (Array.isArray(value) ? value.join(',') : value).split(',').map((v) => v.trim());
  const addresses = entries.filter((v) => isIP(v) !== 0);
  if (addresses.length === entries.length) return;
  if (addresses.length) headers['x-forwarded-for'] = addresses.join(', ');
  else delete headers['x-forwarded-for'];
}
