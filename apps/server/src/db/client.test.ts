import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { roles, systemSettings } from './schema';

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created on first start (initdb in a child process), migrated, and keeps its data', async () => {
    const first = await openDatabase({ dataDir });
    expect(await first.db.select().from(roles)).toHaveLength(3);
    await first.db.insert(systemSettings).values({ key: 'kept_across_restarts', value: 'yes' });
    await first.close();

    const again = await openDatabase({ dataDir });
    const [setting] = await again.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'kept_across_restarts'));
    expect(setting?.value).toBe('yes');
    await again.close();
  });

  it('starts over after a first start that was interrupted during initdb', async () => {
    const dir = path.join(dataDir, 'interrupted');
    mkdirSync(path.join(dir, 'pglite.creating'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite.creating', 'PG_VERSION'), '17\n'); // half-made
    const database = await openDatabase({ dataDir: dir });
    expect(await database.db.select().from(roles)).toHaveLength(3);
    await database.close();
    expect(existsSync(path.join(dir, 'pglite.creating'))).toBe(false);
  });

  it('refuses a data folder that holds something other than a database, and leaves it alone', async () => {
    const dir = path.join(dataDir, 'occupied');
    mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite', 'notes.txt'), 'mine');
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/exists but holds no PGlite database/);
    expect(existsSync(path.join(dir, 'pglite', 'notes.txt'))).toBe(true);
  });
});
