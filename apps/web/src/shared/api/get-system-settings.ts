import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { SYSTEM_SETTING_KEYS, dataOf, systemSettingSchema, type SystemSetting } from '@portal/contract';
import { apiRequest } from './api-client';
import { systemSettingKeys } from './query-keys';

/** GET system-settings → [{key, value}] (any signed-in user). */
export async function getSystemSettings(signal?: AbortSignal): Promise<SystemSetting[]> {
  const { data } = await apiRequest('system-settings', {
    schema: dataOf(z.array(systemSettingSchema)),
    signal,
  });
  return data;
}

export const systemSettingsQueryOptions = () =>
  queryOptions({ queryKey: systemSettingKeys.all, queryFn: ({ signal }) => getSystemSettings(signal) });

export const useSystemSettings = () => useQuery(systemSettingsQueryOptions());

/** maintenance_mode is "0"/"1"; with it on NS BI is unavailable (docs/product.md §4). */
export const isMaintenanceOn = (settings: SystemSetting[] | undefined) =>
  settings?.find((s) => s.key === SYSTEM_SETTING_KEYS.maintenanceMode)?.value === '1';
