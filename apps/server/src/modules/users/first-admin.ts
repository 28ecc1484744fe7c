import { writeFile, mkdir, chmod } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { ROLE_IDS } from '@portal/contract';
import { recordAudit } from '../../lib/audit';
import { hashPassword, randomPassword } from '../../lib/passwords';
import { createUserRepository } from '../directory';

/** Used outside production when ADMIN_EMAIL is unset (production refuses to start without it). */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
/** Any fixed number: instances starting together must not both create the first admin. */
const FIRST_ADMIN_LOCK_ID = 7_310_002;

export type FirstAdminResult = { created: false } | { created: true; userId: number; email: string };

/**
 * Makes sure someone can administer the portal: when no active user holds the admin role, the
 * account of ADMIN_EMAIL / ADMIN_PASSWORD becomes one (created, or an existing account with that
 * email promoted, unblocked and given that password, since the operator's settings are the truth).
 * Without them (never in production) `admin@example.com` gets a random password, never logged
 * (log lines are shipped and kept): it goes to `first-admin-password` in DATA_DIR, readable by
 * the server's user only (0600), or, with no data directory (`memory://`), to the terminal once.
 */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password';

export async function ensureFirstAdmin(app: {
  config: Pick<AppConfig, 'admin' | 'dataDir'>;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<FirstAdminResult> {
  const { config, log } = app;
  const db = app.database.db;
  const users = createUserRepository(db);
  const email = config.admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generated = config.admin.password ? undefined : randomPassword();
  const password = config.admin.password ?? generated!;

  const result = await db.transaction(async (tx): Promise<FirstAdminResult> => {
    const inTx = users.in(tx);
    await inTx.lockForTransaction(FIRST_ADMIN_LOCK_ID);
    if (await inTx.hasActiveAdmin()) return { created: false };
    const passwordHash = await hashPassword(password);
    let userId = await inTx.findIdByEmail(email);
    if (userId === undefined) {
      userId = await inTx.insert({
        name: 'Administrator',
        email,
        passwordHash,
        roleIds: [ROLE_IDS.admin],
      });
    } else {
      await inTx.setPasswordHash(userId, passwordHash);
      await inTx.grantRole(userId, ROLE_IDS.admin);
      await inTx.unblock(userId);
    }
    await recordAudit(tx, {
      actorId: null,
      action: 'users.first_admin',
      targetType: 'user',
      targetId: userId,
      details: { email },
    });
    return { created: true, userId, email };
  });

  if (result.created && generated) {
    const where = await handOverPassword(config.dataDir, email, generated);
    log.warn(
      `No admin account existed, so one was created. Sign in as ${email} with the password ${where}. ` +
        'Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them yourself.',
    );
  } else if (result.created) {
    log.info({ email }, 'first admin account ready (from ADMIN_EMAIL)');
  }
  return result;
}

/** Puts the generated password where only the operator reads it; says where (never the password). */
async function handOverPassword(dataDir: string, email: string, password: string): Promise<string> {
  if (dataDir === 'memory://') {
    process.stderr.write(`First admin: ${email} / ${password} (shown only this once)\n`);
    return 'printed on the terminal (shown only this once)';
  }
  const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${email}\n${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // a file left from an earlier start keeps its old mode otherwise
  return `in ${file} (readable by this user only; delete it once you have changed the password)`;
}
