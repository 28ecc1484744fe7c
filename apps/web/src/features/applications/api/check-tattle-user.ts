import { tattleUserSchema, type TattleUser } from '@portal/contract';
import { api } from '../../../shared/api/api-client';

/**
 * GET auth/tattle-user: is the linked TS session still alive? 409 when it ended (the server has
 * cleared the link); the portal keeps the TS session id, so no JSESSIONID header is sent.
 */
export async function checkTattleUser(): Promise<TattleUser> {
  return tattleUserSchema.parse(await api.get<unknown>('auth/tattle-user'));
}
