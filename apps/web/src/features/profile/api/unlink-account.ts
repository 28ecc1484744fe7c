import { useMutation } from '@tanstack/react-query';
import { dataOf, userSchema, type LinkedApp, type User } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { saveUser } from '../../../shared/session/session-store';

/**
 * DELETE auth/unlink-ld | auth/unlink-ts → the User with that part empty (docs/product.md §4), stored at once.
 * Quiet: a failure of any kind is the caller's warning toast (docs/product.md §8), not the global one.
 */
export async function unlinkAccount(app: LinkedApp): Promise<User> {
  const { data: user } = await apiRequest(`auth/unlink-${app}`, {
    method: 'DELETE',
    schema: dataOf(userSchema),
    quiet: true,
  });
  saveUser(user);
  return user;
}

export const useUnlinkAccount = () => useMutation({ mutationFn: unlinkAccount });
