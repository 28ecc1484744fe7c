import { biAccountSchema, dataOf } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';
import { isApiError } from '../../../shared/api/api-error';

/**
 * POST dundas-bi/account {user_id} (docs/product.md §4: saving settings is followed by BI account creation).
 * A user who has one already (409) is fine; any other failure is the caller's message.
 */
export async function ensureBiAccount(userId: number): Promise<void> {
  try {
    await apiRequest('dundas-bi/account', {
      method: 'POST',
      body: { user_id: userId },
      schema: dataOf(biAccountSchema),
      quiet: true,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 409) return;
    throw error;
  }
}
