import { userSchema, type LinkedApp, type LoginRequest, type User } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { signInOutcomeOf, type SignInOutcome } from '../../../shared/sign-in/types';

/**
 * POST auth/link-ld | auth/link-ts: 200 → the User with the link; 202 → Live Dispatch asks for its
 * one-time code (sent with the same body as authKey); 422 → the app refused the credentials.
 */
export async function linkAccount(app: LinkedApp, values: LoginRequest): Promise<SignInOutcome<User>> {
  const { username, password, authKey } = values;
  return apiRequest(`auth/link-${app}`, {
    method: 'POST',
    body: authKey ? { username, password, authKey } : { username, password },
    schema: signInOutcomeOf(userSchema),
  });
}
