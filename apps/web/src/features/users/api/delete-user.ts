import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageBodySchema } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';

export type DeleteUserOptions = {
  /** Delete & Block: keep the user, locked out, email not reusable. */
  block: boolean;
  /** First delete the user's BI account… */
  deleteRemoteAccount: boolean;
  /** …and their BI folders (only with deleteRemoteAccount). */
  deleteRemoteFolders: boolean;
  /** Go on with the portal side even if the BI server fails (the admin was told and chose so). */
  force?: boolean;
};

const flag = (on: boolean) => (on ? '1' : '0');

/** DELETE users/{id}?block&deleteRemoteAccount&deleteRemoteFolders → 200 {message} (or 204). */
export async function deleteUser(id: number, options: DeleteUserOptions): Promise<string | null> {
  const query = new URLSearchParams({
    block: flag(options.block),
    deleteRemoteAccount: flag(options.deleteRemoteAccount),
    deleteRemoteFolders: flag(options.deleteRemoteAccount && options.deleteRemoteFolders),
    force: flag(options.force ?? false),
  });
  // Quiet: a failure is said in the delete modal, where the admin can choose to force it.
  const { body } = await apiRequest<unknown>(`users/${id}?${query}`, { method: 'DELETE', quiet: true });
  const parsed = messageBodySchema.safeParse(body);
  return parsed.success ? parsed.data.message : null;
}

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...options }: DeleteUserOptions & { id: number }) => deleteUser(id, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT }),
  });
};
