import { z } from 'zod';

export const systemSettingSchema = z.object({
  key: z.string().min(1).max(100),
  value: z.string().max(5000).nullable(),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;
export const saveSystemSettingsSchema = z.array(systemSettingSchema).min(1).max(100);
