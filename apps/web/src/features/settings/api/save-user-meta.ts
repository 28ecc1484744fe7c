import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metaListResponseSchema, type MetaItem } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { afterUserChange } from '../../../shared/users/api/after-user-change';
import { ensureBiAccount } from './create-bi-account';

export type MetaChange = {
  user_id: number;
  meta: Array<{ key: string; value: string | null }>;
  /** Turning your own two-factor off (re-authentication). */
  current_password?: string;
};

/**
 * POST meta/user {user_id, meta:[{key, value}]} → the user's meta list. Own user, or an admin for
 * anyone; admin_notes and settings.nsbi_enabled are admin only (docs/api.md).
 */
export async function saveUserMeta(change: MetaChange): Promise<MetaItem[]> {
  const { data } = await apiRequest('meta/user', {
    method: 'POST',
    body: change,
    schema: metaListResponseSchema,
  });
  return data;
}

/**
 * Saves user settings; with `withBiAccount` (NSBI on after the save) the user's BI account is made
 * next (docs/product.md §4). Its failure does not undo the save: `biAccount: false` lets the screen say so.
 */
export function useSaveUserMeta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ withBiAccount, ...change }: MetaChange & { withBiAccount: boolean }) => {
      const meta = await saveUserMeta(change);
      const biAccount = withBiAccount
        ? await ensureBiAccount(change.user_id).then(
            () => true,
            () => false,
          )
        : true;
      return { meta, biAccount };
    },
    onSuccess: (_saved, change) => afterUserChange(queryClient, change.user_id),
  });
}
