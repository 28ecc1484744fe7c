import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BI_MESSAGES } from '@portal/contract';
import { auditLog, biAccounts } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { signedInAdmin, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { nsbiCustomer } from '../../test/nsbi';

describe('DELETE dundas-bi/account/{id} (admin)', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  beforeAll(async () => {
    admin = (await signedInAdmin(t)).tokens;
  });

  /** A customer with a BI account. */
  const withAccount = async () => {
    const customer = await nsbiCustomer(t);
    const made = await http.post(
      'dundas-bi/account',
      { user_id: customer.user.id },
      { headers: admin.headers },
    );
    expect(made.statusCode).toBe(201);
    return customer;
  };
  /** What the deletion's audit row says about deleteFolders. */
  const deletedFolders = async (userId: number) => {
    const [row] = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bi.account.deleted'), eq(auditLog.targetId, String(userId))));
    return row?.details?.deleteFolders;
  };

  it('deletes the account (its folders too with deleteFolders=true or 1) and says so; then 404', async () => {
    for (const [query, folders] of [
      ['?deleteFolders=true', true],
      ['?deleteFolders=1', true],
      ['?deleteFolders=false', false],
      ['?deleteFolders=0', false],
      ['', false],
    ] as const) {
      const { user } = await withAccount();
      const res = await http.delete(`dundas-bi/account/${user.id}${query}`, { headers: admin.headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual({ message: BI_MESSAGES.accountDeleted });
      expect(await deletedFolders(user.id), query).toBe(folders);
      expect(await t.database.db.select().from(biAccounts).where(eq(biAccounts.userId, user.id))).toEqual([]);
      const again = await http.delete(`dundas-bi/account/${user.id}`, { headers: admin.headers });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(BI_MESSAGES.noAccount);
    }
  });

  it('refuses another deleteFolders value (422) and customers (403), deleting nothing', async () => {
    const { user, tokens } = await withAccount();
    const odd = await http.delete(`dundas-bi/account/${user.id}?deleteFolders=yes`, {
      headers: admin.headers,
    });
    expect(odd.statusCode).toBe(422);
    expect((await http.delete(`dundas-bi/account/${user.id}`, { headers: tokens.headers })).statusCode).toBe(
      403,
    );
    expect(await t.database.db.select().from(biAccounts).where(eq(biAccounts.userId, user.id))).toHaveLength(
      1,
    );
  });
});
