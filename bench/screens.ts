// The signed-in screens the phone budgets apply to (bench/first-load.ts, bench/lighthouse.ts), and
// the user who sees all of them in one tab: an admin with NS BI on the BI simulator's
// Fleet Insights project, made through the API by the bench admin.
import { API_PREFIX, META_KEYS, ROLE_IDS, type ReportItem, type Session } from '@portal/contract';
import { ADMIN } from './lib';

export type Credentials = { email: string; password: string };

/**
 * A screen as a person opens it: its address, and a text that is on it only once its data has
 * arrived and been drawn (the "data painted" mark of the navigation timing).
 */
export type SignedInScreen = {
  key: string;
  name: string;
  path: string;
  /** Text drawn from the screen's API answers. */
  dataText: string;
  /**
   * How a person opens it in a running session: the link's name, on the screen before it in
   * WARM_ORDER (the sidebar, a card, a report tile) or in the user menu.
   */
  link: { name: string; inUserMenu?: boolean };
};

/** The order of bench/first-load.ts's warm-session walk: each screen is opened from the one before. */
export const WARM_ORDER = ['users', 'audit', 'profile', 'applications', 'nsbi', 'report'] as const;

async function api<T>(baseUrl: string, apiPath: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${baseUrl}${API_PREFIX}/${apiPath}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export const signInApi = (baseUrl: string, user: Credentials) =>
  api<Session>(baseUrl, 'auth/login', {
    method: 'POST',
    body: JSON.stringify({ username: user.email, password: user.password }),
  });

export const FLOW_USER: Credentials & { name: string } = {
  name: 'Bench Flow Admin',
  email: 'bench-flow@example.com',
  password: 'Flow-bench-42',
};

/**
 * Makes the flow user (an admin with NS BI) and answers the six screens with their data marks.
 * Run once per server: the user is created, not looked up.
 */
export async function prepareSignedInScreens(baseUrl: string): Promise<SignedInScreen[]> {
  const { access_token: token } = await signInApi(baseUrl, ADMIN);
  const projects = await api<{ projectId: string; name: string }[]>(baseUrl, 'dundas-bi/project/all', {
    token,
  });
  const fleet = projects.find((p) => p.name === 'Fleet Insights') ?? projects[0];
  if (!fleet) throw new Error('the BI simulator has no project');
  await api(baseUrl, 'users', {
    method: 'POST',
    token,
    body: JSON.stringify({
      name: FLOW_USER.name,
      email: FLOW_USER.email,
      password: FLOW_USER.password,
      password_confirmation: FLOW_USER.password,
      meta: [{ key: META_KEYS.nsbiEnabled, value: '1' }],
      role_id: ROLE_IDS.admin,
      project_id: fleet.projectId,
      // Making an admin asks for the acting admin's password (docs/api.md "Step-up").
      current_password: ADMIN.password,
    }),
  });
  const flow = await signInApi(baseUrl, FLOW_USER);
  const items = await api<ReportItem[]>(baseUrl, 'dundas-bi/project/project-items', {
    token: flow.access_token,
  });
  const report = items.find((item) => item.type !== 'folder' && !item.folderId) ?? items[0];
  if (!report) throw new Error('the flow user sees no report');
  return [
    {
      key: 'applications',
      name: 'Applications',
      path: '/',
      dataText: 'Open NS BI',
      link: { name: 'Applications' },
    },
    { key: 'nsbi', name: 'NS BI reports', path: '/nsbi', dataText: report.name, link: { name: 'NS BI' } },
    {
      key: 'report',
      name: 'Report view',
      path: `/nsbi/${encodeURIComponent(report.id)}/view`,
      dataText: report.name,
      link: { name: report.name },
    },
    {
      key: 'profile',
      name: 'My Profile',
      path: '/profile',
      dataText: 'This device',
      link: { name: 'My Profile', inUserMenu: true },
    },
    {
      key: 'users',
      name: 'Users',
      path: '/admin/users',
      dataText: ADMIN.email,
      link: { name: 'All Users' },
    },
    {
      key: 'audit',
      name: 'Audit log',
      path: '/admin/audit-log',
      dataText: FLOW_USER.name,
      link: { name: 'Audit log' },
    },
  ];
}
