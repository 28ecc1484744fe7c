import { beforeAll, describe, expect, it } from 'vitest';
import { BI_MESSAGES } from '@portal/contract';
import { useTestApp } from '../../../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens } from '../../../test/builders';
import { api } from '../../../test/http';

describe('report folders (bi/reports/folders)', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let customer: TestTokens;
  beforeAll(async () => {
    admin = (await signedInAdmin(t)).tokens;
    customer = await signIn(t, await createUser(t));
  });

  const create = (body: object, tokens = admin) =>
    http.post('bi/reports/folders', body, { headers: tokens.headers });

  it('admins create (201), rename and delete (204); everyone reads; customers may not write (403)', async () => {
    const made = await create({ name: '  Weekly  ' });
    expect(made.statusCode).toBe(201);
    const folder = made.json().data;
    expect(folder).toMatchObject({ name: 'Weekly', parent_id: null });
    expect((await create({ name: 'Nope' }, customer)).statusCode).toBe(403);

    const listed = await http.get('bi/reports/folders', { headers: customer.headers });
    expect(listed.json().data.map((f: { id: string }) => f.id)).toContain(folder.id);

    const renamed = await http.put(
      `bi/reports/folders/${folder.id}`,
      { name: 'Weekly KPIs' },
      { headers: admin.headers },
    );
    expect(renamed.json().data.name).toBe('Weekly KPIs');
    expect(
      (await http.delete(`bi/reports/folders/${folder.id}`, { headers: admin.headers })).statusCode,
    ).toBe(204);
    expect(
      (await http.delete(`bi/reports/folders/${folder.id}`, { headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('bad input is a 4xx with a message and changes nothing', async () => {
    const empty = await create({ name: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Name is a required field'] });
    const orphan = await create({ name: 'Child', parent_id: '5b0c3f5e-8f1e-4d7a-9b61-2a8f0c3d4e5f' });
    expect(orphan.json().errors).toEqual({ parent_id: [BI_MESSAGES.folderNotFound] });
    expect(
      (await http.put('bi/reports/folders/not-a-uuid', { name: 'x' }, { headers: admin.headers })).statusCode,
    ).toBe(422);
    const unknownFolder = await http.put(
      'bi/reports/abc/set-folder',
      { folder_id: '5b0c3f5e-8f1e-4d7a-9b61-2a8f0c3d4e5f' },
      { headers: admin.headers },
    );
    expect(unknownFolder.statusCode).toBe(422);
    expect(
      (await http.put('bi/reports/abc/set-folder', { folder_id: 'nope' }, { headers: admin.headers }))
        .statusCode,
    ).toBe(422);
  });

  it('a folder cannot move into itself or below itself', async () => {
    const top = (await create({ name: 'Top' })).json().data;
    const child = (await create({ name: 'Child', parent_id: top.id })).json().data;
    for (const parent of [top.id, child.id]) {
      const res = await http.put(
        `bi/reports/folders/${top.id}`,
        { parent_id: parent },
        { headers: admin.headers },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ parent_id: [BI_MESSAGES.folderCycle] });
    }
    // Deleting the top folder takes its subfolder along.
    await http.delete(`bi/reports/folders/${top.id}`, { headers: admin.headers });
    const ids = (await http.get('bi/reports/folders', { headers: admin.headers }))
      .json()
      .data.map((f: { id: string }) => f.id);
    expect(ids).not.toContain(child.id);
  });
});
