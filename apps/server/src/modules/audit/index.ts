// What other modules may use of the audit module.
export type { AuditService } from './service';
