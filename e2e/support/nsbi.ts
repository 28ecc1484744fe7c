import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX, META_KEYS, ROLE_IDS } from '@portal/contract';
import { BASE_URL, type Credentials } from '../fixtures';
import { apiSignIn, uniqueStamp } from './users';

const api = (path: string) => `${BASE_URL}${API_PREFIX}/${path}`;

/** A customer with the NSBI flag and the BI simulator's Fleet Insights project, made by the admin. */
export async function createNsbiCustomer(
  request: APIRequestContext,
  options: { name?: string; roleId?: number } = {},
): Promise<Credentials & { name: string; id: number }> {
  const admin = await apiSignIn(request);
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const projects = (await (await request.get(api('dundas-bi/project/all'), { headers })).json()) as {
    data: Array<{ projectId: string; name: string }>;
  };
  const fleet = projects.data.find((p) => p.name === 'Fleet Insights');
  if (!fleet) throw new Error(`Fleet Insights not among the BI projects: ${JSON.stringify(projects)}`);
  const stamp = uniqueStamp();
  const user = {
    name: options.name ?? `NSBI Customer ${stamp}`,
    email: `e2e-nsbi-${stamp}@example.com`,
    password: 'secret12',
  };
  const created = await request.post(api('users'), {
    headers,
    data: {
      ...user,
      password_confirmation: user.password,
      meta: [{ key: META_KEYS.nsbiEnabled, value: '1' }],
      role_id: options.roleId ?? ROLE_IDS.customer,
      project_id: fleet.projectId,
    },
  });
  if (created.status() !== 201)
    throw new Error(`POST users answered ${created.status()}: ${await created.text()}`);
  return { ...user, id: ((await created.json()) as { data: { id: number } }).data.id };
}

/** Maintenance mode on or off, as the admin saves it in Settings. */
export async function setMaintenance(request: APIRequestContext, on: boolean) {
  const admin = await apiSignIn(request);
  const res = await request.post(api('system-settings/save-many'), {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: [{ key: 'maintenance_mode', value: on ? '1' : '0' }],
  });
  if (!res.ok()) throw new Error(`save-many answered ${res.status()}`);
}
