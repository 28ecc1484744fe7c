import * as z from 'zod/mini';
import { apiRequest } from '../../../shared/api/api-client';

/** POST user-logs/increase-nsbi-clicks → 204 (docs/product.md §2: clicking NS BI records a click); best effort. */
export function countNsbiClick(): void {
  void apiRequest('user-logs/increase-nsbi-clicks', { method: 'POST', schema: z.null(), quiet: true }).catch(
    () => undefined,
  );
}
