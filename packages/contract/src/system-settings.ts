import * as z from 'zod/mini';
import { SYSTEM_SETTING_KEYS } from './constants';
import { systemSettingSchema } from './settings';

export const SYSTEM_SETTING_MESSAGES = {
  unknownKey: 'The selected key is invalid.',
  flagValue: (key: string) => `The ${key} value must be "0" or "1".`,
} as const;

/** Settings whose value is a "0"/"1" flag (docs/api.md: `maintenance_mode` is "0"/"1"). */
export const SYSTEM_SETTING_FLAG_KEYS: readonly string[] = [SYSTEM_SETTING_KEYS.maintenanceMode];

const systemSettingKeyList = Object.values(SYSTEM_SETTING_KEYS) as [string, ...string[]];

/**
 * `POST system-settings/save-many` body as the server enforces it: only known keys, flags "0"/"1".
 * Errors are keyed `<index>.key` / `<index>.value` so a form can show them beside the right field.
 */
export const saveSystemSettingsRequestSchema = z
  .array(
    z.extend(systemSettingSchema, {
      key: z.enum(systemSettingKeyList, { error: SYSTEM_SETTING_MESSAGES.unknownKey }),
    }),
  )
  .check(
    z.minLength(1),
    z.maxLength(100),
    z.superRefine((items, ctx) => {
      items.forEach((item, index) => {
        if (SYSTEM_SETTING_FLAG_KEYS.includes(item.key) && item.value !== '0' && item.value !== '1') {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'value'],
            message: SYSTEM_SETTING_MESSAGES.flagValue(item.key),
          });
        }
      });
    }),
  );
export type SaveSystemSettingsRequest = z.infer<typeof saveSystemSettingsRequestSchema>;
