import { introspectionSchema } from './external-user';
import type { Remote } from './remote';

/**
 * `POST /api/sso/introspect` of LD and TS alike: the user a portal hand-off token names. The system
 * honours a token once, within 60 s; null when it does not know it (or no longer).
 */
export async function introspectHandOff(remote: Remote, token: string) {
  const answer = await remote.send({ method: 'POST', path: '/api/sso/introspect', body: { token } });
  if ([400, 401, 404, 410, 422].includes(answer.status)) return null;
  if (answer.status !== 200) throw remote.unexpected(answer, 'introspect');
  return remote.read(answer, introspectionSchema, 'introspect').user;
}
