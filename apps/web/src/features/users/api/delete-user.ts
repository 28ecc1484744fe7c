import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageBodySchema } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export type DeleteUserOptions = {
  /** Delete & Block: keep the user, locked out, email not reusable. */
  block: boolean;
  /** First delete the user's BI account… */
  deleteRemoteAccount: boolean;
  /** …and their BI folders (only with deleteRemoteAccount). */
  deleteRemoteFolders: boolean;
  /** Go on with the portal side even if the BI server fails (the admin was told and chose so). */
  force?: boolean;
  /** The acting admin's password, when the server asks for it (another administrator). */
  currentPassword?: string;
};

const flag = (on: boolean) => (on ? '1' : '0');

/**
 * DELETE users/{id}?block&deleteRemoteAccount&deleteRemoteFolders&force → 200 {message}; the
 * password goes in the body, never the URL.
 */
export async function deleteUser(id: number, options: DeleteUserOptions): Promise<string> {
  const query = new URLSearchParams({
    block: flag(options.block),
    deleteRemoteAccount: flag(options.deleteRemoteAccount),
    deleteRemoteFolders: flag(options.deleteRemoteAccount && options.deleteRemoteFolders),
    force: flag(options.force ?? false),
  });
  // Quiet: a failure is said in the delete modal, where the admin can choose to force it.
  const { message } = await apiRequest(`users/${id}?${query}`, {
    method: 'DELETE',
    ...(options.currentPassword && { body: { current_password: options.currentPassword } }),
    schema: messageBodySchema,
    quiet: true,
  });
  return message;
}

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...options }: DeleteUserOptions & { id: number }) => deleteUser(id, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
