import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { downloadCsv } from '../api/download-csv';

/**
 * "Export CSV" of an admin list: downloads what the list shows (its filters, search and order; every
 * page) from the list's export route. A failure is told by the API client's toast (5xx) or here.
 */
export function ExportCsvButton({ path, name, label }: { path: string; name: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, name);
    } catch (error) {
      // 5xx and network failures are toasted by the API client; 4xx are not expected here.
      console.error('CSV export failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={() => void run()}
      // Several on one screen (the usage tables): each says which table it exports.
      aria-label={label}
    >
      Export CSV
    </Button>
  );
}
