import { toUserPayload, type User, type UserFormValues } from '@portal/contract';
import { updateUser } from '../../shared/users/api/update-user';

/**
 * Saves your own profile: PUT users/{id} on your own id works for every signed-in user (decision
 * 0004). The server refuses a role change and admin-only meta for non-admins; the form already
 * locks the role and hides admin fields, so a customer only ever sends what they may change.
 */
export async function saveProfile(user: User, values: UserFormValues, isAdmin: boolean): Promise<string> {
  const { message } = await updateUser(user.id, toUserPayload(values, { isAdmin }));
  return message;
}
