import type { Session } from '@portal/contract';
import { presentUser } from '../users/presenter';
import type { SignedIn } from './service';

/** The Session object of API.md: the only place plain tokens are put on the wire. */
export const presentSession = (signedIn: SignedIn): Session => ({
  user: presentUser(signedIn.user),
  access_token: signedIn.accessToken,
  refresh_token: signedIn.refreshToken,
  token_type: 'Bearer',
  expires_in: signedIn.expiresInSeconds,
});
