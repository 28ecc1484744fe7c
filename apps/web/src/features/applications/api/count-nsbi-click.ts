import { apiRequest } from '../../../shared/api/api-client';

/** POST user-logs/increase-nsbi-clicks (SPEC §2: clicking NS BI records a click); best effort. */
export function countNsbiClick(): void {
  void apiRequest('user-logs/increase-nsbi-clicks', { method: 'POST', quiet: true }).catch(() => undefined);
}
