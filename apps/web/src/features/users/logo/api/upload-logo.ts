import { useMutation } from '@tanstack/react-query';
import { fileSchema, type PortalFile } from '@portal/contract';
import { api } from '../../../../shared/api/api-client';

/** POST files/logo multipart {user_id, type: 'logo', file} → 201 {data: File}; replaces the old logo. */
export async function uploadLogo({ userId, file }: { userId: number; file: File }): Promise<PortalFile> {
  const form = new FormData();
  form.append('user_id', String(userId));
  form.append('type', 'logo');
  form.append('file', file);
  return fileSchema.parse(await api.post<unknown>('files/logo', form));
}

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });
