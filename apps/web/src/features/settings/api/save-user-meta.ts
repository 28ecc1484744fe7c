import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  metaFlag,
  metaListResponseSchema,
  type MetaItem,
  type MetaUpdate,
  type User,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { afterUserChange } from '../../../shared/users/api/after-user-change';

/**
 * POST meta/user {user_id, meta:[{key, value}]} → the user's meta list. Own user, or an admin for
 * anyone; admin_notes and settings.nsbi_enabled are admin only (docs/api.md). Turning Uses NSBI on
 * makes the user's BI account in the same call (docs/product.md §4); its failure does not undo the
 * save: `biAccount: false` lets the screen say so.
 */
export async function saveUserMeta(change: MetaUpdate): Promise<{ meta: MetaItem[]; biAccount: boolean }> {
  const { data, bi_account } = await apiRequest('meta/user', {
    method: 'POST',
    body: change,
    schema: metaListResponseSchema,
    // The screen says 'Oops! …' itself: one failure, one toast.
    quiet: true,
  });
  return { meta: data, biAccount: bi_account !== 'failed' };
}

/**
 * Saves a user's settings, optimistically (docs/product.md §2 Settings): `flag(key)` is the value
 * being saved from the moment the switch moves, and the stored one again when that save fails. A
 * save that succeeds re-reads the user wherever it is shown.
 */
export function useSaveUserMeta(user: User) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<Partial<Record<string, string | null>>>({});
  const mutation = useMutation({
    mutationFn: saveUserMeta,
    onMutate: ({ meta }) =>
      setSaving((s) => ({ ...s, ...Object.fromEntries(meta.map((m) => [m.key, m.value])) })),
    // Back to the stored value, unless a newer change of the same key is on its way.
    onError: (_error, { meta }) =>
      setSaving((s) => {
        const next = { ...s };
        for (const m of meta) if (next[m.key] === m.value) delete next[m.key];
        return next;
      }),
    onSuccess: (_saved, change) => afterUserChange(queryClient, change.user_id),
  });
  const flag = (key: string) => (key in saving ? saving[key] === '1' : metaFlag(user, key));
  return { ...mutation, flag };
}
