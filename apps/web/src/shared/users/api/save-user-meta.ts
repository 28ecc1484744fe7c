import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { metaItemSchema, type MetaItem } from '@portal/contract';
import { api } from '../../api/api-client';

export type MetaChange = { user_id: number; meta: Array<{ key: string; value: string | null }> };

/**
 * POST meta/user {user_id, meta:[{key, value}]} → the user's meta list. Own user, or an admin for
 * anyone; admin_notes and settings.nsbi_enabled are admin only (API.md).
 */
export async function saveUserMeta(change: MetaChange): Promise<MetaItem[]> {
  return z.array(metaItemSchema).parse(await api.post<unknown>('meta/user', change));
}

export const useSaveUserMeta = () => useMutation({ mutationFn: saveUserMeta });
