import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoUploadResponseSchema, type PortalFile } from '@portal/contract';
import { apiRequest } from '../../../../shared/api/api-client';
import { afterUserChange } from '../../../../shared/users/api/after-user-change';

/** POST files/logo multipart {user_id, type: 'logo', file} → 201 {data: File}; replaces the old logo. */
export async function uploadLogo({ userId, file }: { userId: number; file: File }): Promise<PortalFile> {
  const form = new FormData();
  form.append('user_id', String(userId));
  form.append('type', 'logo');
  form.append('file', file);
  const { data } = await apiRequest('files/logo', {
    method: 'POST',
    body: form,
    schema: logoUploadResponseSchema,
    // The screen says 'Oops! …' itself: one failure, one toast.
    quiet: true,
  });
  return data;
}

/** Uploads a user's logo; the lists and, for your own, the header show the new one. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (_file, { userId }) => afterUserChange(queryClient, userId),
  });
}
