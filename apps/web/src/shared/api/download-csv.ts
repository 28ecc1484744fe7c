import * as z from 'zod/mini';
import { apiRequest } from './api-client';

/**
 * GET an export route (answers text/csv) with the portal token and hand the file to the browser as
 * a download named `<name>-<today>.csv`. The server streams the file in constant memory; the
 * browser holds it once as a Blob (a link cannot carry the bearer token, decision 0022).
 */
export async function downloadCsv(path: string, name: string): Promise<void> {
  const csv = await apiRequest(path, { schema: z.string(), headers: { Accept: 'text/csv' } });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the URL to the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
