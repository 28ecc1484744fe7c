import {
  dataOf,
  messageBodySchema,
  type ForgotPasswordRequest,
  type PasswordResetRequest,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** Both password calls answer `{"data":{"message"}}`. */
const passwordMessageSchema = dataOf(messageBodySchema);

/** POST passwords/forgot → the server's message, the same whether or not the email exists. */
export async function requestPasswordReset(body: ForgotPasswordRequest): Promise<string> {
  const { data } = await apiRequest('passwords/forgot', {
    method: 'POST',
    auth: false,
    body,
    schema: passwordMessageSchema,
  });
  return data.message;
}

/** POST passwords/reset → the server's message; a bad, used or expired token is a 422. */
export async function resetPassword(body: PasswordResetRequest): Promise<string> {
  const { data } = await apiRequest('passwords/reset', {
    method: 'POST',
    auth: false,
    body,
    schema: passwordMessageSchema,
  });
  return data.message;
}
