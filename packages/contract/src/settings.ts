import * as z from 'zod/mini';
import { text } from './rules';

export const systemSettingSchema = z.object({
  key: text().check(z.minLength(1), z.maxLength(100)),
  value: z.nullable(text().check(z.maxLength(5000))),
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;
export const systemSettingListSchema = z.array(systemSettingSchema);
