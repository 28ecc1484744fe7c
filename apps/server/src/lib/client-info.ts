import type { FastifyRequest } from 'fastify';

/** Where a request came from, as services need it for sessions, throttling and the audit log. */
export type ClientInfo = { ip: string; userAgent: string | null };

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  // Capped: the header is attacker-controlled and lands in the sessions table.
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}
