import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { dataOf, systemSettingSchema, type SystemSetting } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { systemSettingsQueryOptions } from '../../../shared/api/get-system-settings';

/** POST system-settings/save-many [{key, value}] → the saved list (admin). */
export async function saveSystemSettings(settings: SystemSetting[]): Promise<SystemSetting[]> {
  const { data } = await apiRequest('system-settings/save-many', {
    method: 'POST',
    body: settings,
    schema: dataOf(z.array(systemSettingSchema)),
    // The screen says 'Oops! …' itself: one failure, one toast.
    quiet: true,
  });
  return data;
}

/** Optimistic: the cached settings change at once and roll back when the save fails. */
export const useSaveSystemSettings = () => {
  const queryClient = useQueryClient();
  const { queryKey } = systemSettingsQueryOptions();
  return useMutation({
    mutationFn: saveSystemSettings,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (settings = []) => [
        ...settings.filter((s) => !changes.some((c) => c.key === s.key)),
        ...changes,
      ]);
      return { previous };
    },
    onError: (_error, _changes, context) => queryClient.setQueryData(queryKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
};
