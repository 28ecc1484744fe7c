import { dataOf, sessionSchema, type Session } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET auth/external-login?token= → Session. Sent without a portal token and exempt from the global
 * 401 rule (api-client OWN_401_PATHS): a refused hand-off shows its own message.
 */
export async function externalLogin(token: string): Promise<Session> {
  const { data } = await apiRequest(`auth/external-login?token=${encodeURIComponent(token)}`, {
    auth: false,
    schema: dataOf(sessionSchema),
  });
  return data;
}
