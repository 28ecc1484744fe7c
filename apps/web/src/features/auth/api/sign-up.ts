import { dataOf, sessionSchema, type Session, type SignUpRequest } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** POST auth/signup → 201 Session (outside production; 404 there). 422 carries field errors. */
export async function signUp(body: SignUpRequest): Promise<Session> {
  const { data } = await apiRequest('auth/signup', {
    method: 'POST',
    auth: false,
    body,
    schema: dataOf(sessionSchema),
  });
  return data;
}
