// What other modules may use of the system-settings module.
export type { SystemSettingsService } from './service';
