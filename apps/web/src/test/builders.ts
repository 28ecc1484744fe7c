import { META_KEYS, ROLE_IDS, type PagedUsers, type Session, type User } from '@portal/contract';

const ROLES = {
  admin: { id: ROLE_IDS.admin, name: 'Administrator', short_name: 'admin' },
  developer: { id: ROLE_IDS.developer, name: 'Developer', short_name: 'developer' },
  customer: { id: ROLE_IDS.customer, name: 'Customer', short_name: 'customer' },
} as const;

type UserOptions = Partial<Omit<User, 'role'>> & { as?: keyof typeof ROLES; nsbi?: boolean };

/** A valid API User; `as` (its role) and `nsbi` are shorthands for roles and the NSBI meta flag. */
export function buildUser({ as = 'customer', nsbi = false, ...overrides }: UserOptions = {}): User {
  return {
    id: 7,
    name: 'Casey Customer',
    email: 'casey@example.com',
    username: 'casey',
    createdAt: '2024-05-01T10:00:00.000Z',
    logo: null,
    roles: [ROLES[as]],
    role: { is_admin: as === 'admin' },
    meta: [{ key: META_KEYS.nsbiEnabled, value: nsbi ? '1' : '0' }],
    dundas: null,
    ts: null,
    ld: null,
    blocked: false,
    ...overrides,
  };
}

export function buildSession(user: User = buildUser(), token = 'access-1'): Session {
  return {
    user,
    access_token: token,
    refresh_token: `refresh-of-${token}`,
    token_type: 'Bearer',
    expires_in: 3600,
  };
}

type PageOptions = { page?: number; perPage?: number; total?: number };

/** A `GET users` answer holding `users` as page `page` of `total` users. */
export const buildUsersPage = (users: User[], options: PageOptions = {}): PagedUsers =>
  buildPage(users, options);

/** Any paged answer (`pagedOf` in the contract) holding `rows` as page `page` of `total` rows. */
export function buildPage<T>(rows: T[], { page = 1, perPage = 25, total = rows.length }: PageOptions = {}) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length === 0 ? null : (page - 1) * perPage + 1;
  return {
    data: rows,
    links: { first: null, last: null, prev: null, next: null },
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: lastPage,
      from,
      to: from === null ? null : from + rows.length - 1,
      links: [],
    },
  };
}

/** A linked Live Dispatch account as the User object carries it. */
export const buildLdLink = (overrides: Partial<NonNullable<User['ld']>> = {}): NonNullable<User['ld']> => ({
  user_id: 'ld-1',
  username: 'ld.demo',
  email: 'ld@example.test',
  name: 'Dana',
  client_name: 'Acme Logistics',
  branch_name: 'Cape Town',
  ...overrides,
});

/** A linked Tattle Systems account as the User object carries it. */
export const buildTsLink = (overrides: Partial<NonNullable<User['ts']>> = {}): NonNullable<User['ts']> => ({
  user_id: 'ts-1',
  username: 'ts.demo',
  email: 'ts@example.test',
  name: 'Theo',
  ...overrides,
});
