import { logOnTokenSchema, type LogOnToken } from '@portal/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET dundas-bi/log-on/token?item=: a fresh token and the URL that opens the item with it. A token
 * opens one view within 60 s, so it is never cached or fetched again behind the user's back.
 */
export async function getView(itemId: string, signal?: AbortSignal): Promise<Required<LogOnToken>> {
  const { body } = await apiRequest<{ data: unknown }>(
    `dundas-bi/log-on/token?item=${encodeURIComponent(itemId)}`,
    {
      signal,
      quiet: true,
    },
  );
  const view = logOnTokenSchema.parse(body.data);
  if (!view.url) throw new Error('The server answered no view URL.');
  return { logOnToken: view.logOnToken, url: view.url };
}
