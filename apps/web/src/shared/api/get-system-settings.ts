import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { SYSTEM_SETTING_KEYS, systemSettingSchema, type SystemSetting } from '@portal/contract';
import { api } from './api-client';

/** GET system-settings → [{key, value}] (any signed-in user). */
export async function getSystemSettings(signal?: AbortSignal): Promise<SystemSetting[]> {
  return z.array(systemSettingSchema).parse(await api.get<unknown>('system-settings', { signal }));
}

export const systemSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['system-settings'], queryFn: ({ signal }) => getSystemSettings(signal) });

export const useSystemSettings = () => useQuery(systemSettingsQueryOptions());

/** maintenance_mode is "0"/"1"; with it on NS BI is unavailable (SPEC §4). */
export const isMaintenanceOn = (settings: SystemSetting[] | undefined) =>
  settings?.find((s) => s.key === SYSTEM_SETTING_KEYS.maintenanceMode)?.value === '1';
