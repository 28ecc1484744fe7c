import type { SystemSetting } from '@portal/contract';
import type { SettingRow } from './repository';

export const presentSetting = (row: SettingRow): SystemSetting => ({ key: row.key, value: row.value });
