import { sessionSchema, type Session, type SignUpRequest } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** POST auth/signup → 201 Session (outside production; 404 there). 422 carries field errors. */
export async function signUp(body: SignUpRequest): Promise<Session> {
  const { body: response } = await apiRequest<{ data: unknown }>('auth/signup', {
    method: 'POST',
    auth: false,
    body,
  });
  return sessionSchema.parse(response.data);
}
