import type { Session } from '@portal/contract';
import { presentUser } from '../users';
import type { SignedIn, SignInResult } from './service';

/** The Session object of docs/api.md: the only place plain tokens are put on the wire. */
export const presentSession = (signedIn: SignedIn): Session => ({
  user: presentUser(signedIn.user),
  access_token: signedIn.accessToken,
  refresh_token: signedIn.refreshToken,
  token_type: 'Bearer',
  expires_in: signedIn.expiresInSeconds,
});

/** The 202 of a sign-in that owes a code: the secret to send it with (portal codes), and what to say. */
export const presentChallenge = (
  challenge: Extract<SignInResult, { kind: 'challenge' }>,
): { secret?: string; message: string } => ({
  secret: challenge.secret,
  message: challenge.message,
});
