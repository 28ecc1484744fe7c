import * as z from 'zod/mini';

export const systemSettingSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(100)),
  value: z.nullable(z.string().check(z.maxLength(5000))),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;
export const saveSystemSettingsSchema = z.array(systemSettingSchema).check(z.minLength(1), z.maxLength(100));
