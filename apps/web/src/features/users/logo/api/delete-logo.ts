import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../shared/api/api-client';

/** DELETE files/{id} → 204. */
export async function deleteLogo(fileId: number): Promise<void> {
  await apiRequest<null>(`files/${fileId}`, { method: 'DELETE' });
}

export const useDeleteLogo = () => useMutation({ mutationFn: deleteLogo });
