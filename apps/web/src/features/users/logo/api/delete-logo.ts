import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest } from '../../../../shared/api/api-client';
import { afterUserChange } from '../../../../shared/users/api/after-user-change';

/** DELETE files/{id} → 204. */
export async function deleteLogo(fileId: number): Promise<void> {
  // The screen says 'Oops! Could not save the logo.' itself: one failure, one toast.
  await apiRequest(`files/${fileId}`, { method: 'DELETE', schema: z.null(), quiet: true });
}

/** Deletes a user's logo; the lists and, for your own, the header show it gone. */
export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId }: { fileId: number; userId: number }) => deleteLogo(fileId),
    onSuccess: (_none, { userId }) => afterUserChange(queryClient, userId),
  });
}
