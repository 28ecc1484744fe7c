import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metaListResponseSchema, type MetaItem } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { afterUserChange } from '../../../shared/users/api/after-user-change';

export type MetaChange = {
  user_id: number;
  meta: Array<{ key: string; value: string | null }>;
  /** Turning your own two-factor off (re-authentication). */
  current_password?: string;
};

/**
 * POST meta/user {user_id, meta:[{key, value}]} → the user's meta list. Own user, or an admin for
 * anyone; admin_notes and settings.nsbi_enabled are admin only (docs/api.md). Turning Uses NSBI on
 * makes the user's BI account in the same call (docs/product.md §4); its failure does not undo the
 * save: `biAccount: false` lets the screen say so.
 */
export async function saveUserMeta(change: MetaChange): Promise<{ meta: MetaItem[]; biAccount: boolean }> {
  const { data, bi_account } = await apiRequest('meta/user', {
    method: 'POST',
    body: change,
    schema: metaListResponseSchema,
    // The screen says 'Oops! …' itself: one failure, one toast (issue 18.19).
    quiet: true,
  });
  return { meta: data, biAccount: bi_account !== 'failed' };
}

/** Saves user settings, then re-reads the user wherever it is shown. */
export function useSaveUserMeta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserMeta,
    onSuccess: (_saved, change) => afterUserChange(queryClient, change.user_id),
  });
}
