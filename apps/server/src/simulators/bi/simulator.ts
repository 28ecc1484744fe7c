import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_BI_SERVICE_ACCOUNT } from '../fixtures';
import { bearerOf, field, prepareSimulator, type Clock } from '../kit';
import {
  BI_ITEM_TYPES,
  BI_VIEW_MODES,
  isBiItemType,
  type BiItemType,
} from '../../integrations/bi/view-modes';
import { FLEET_INSIGHTS, type BiFile, type BiProject, type ProjectSpec } from './catalog';
import { analysisPage, designerPage, EMBED_SCRIPT, logOnPage, refusalPage, viewPage } from './pages';
import { createBiState, type BiAccount } from './state';

export type BiSimulatorOptions = {
  now?: Clock;
  /** Extra projects (SIMULATOR_FIXTURES "bi.projects"); Fleet Insights is always there. */
  projects?: ProjectSpec[];
  /** Extra accounts (SIMULATOR_FIXTURES "bi.accounts"). */
  accounts?: Array<{ name: string; password: string }>;
  sessionIdleMs?: number;
  /** The administrator account the portal logs on with (default: the demo service account). */
  serviceAccount?: { name: string; password: string };
  /** The `/_sim/*` test controls (default on; off in production). */
  controls?: boolean;
  /**
   * The designer page (`/`) asks for the service account's credentials (HTTP Basic) instead of
   * listing every project to anyone (default off; on in production, like Dundas's own log-on).
   */
  designerLogOn?: boolean;
};

const record = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};

/** AccountData as Dundas answers it (never the password). */
const presentAccount = (a: BiAccount) => ({
  __classType: 'dundas.account.Account',
  id: a.id,
  name: a.name,
  accountType: 'LocalUser',
  displayName: a.displayName,
  emailAddress: a.emailAddress,
  isEnabled: a.isEnabled,
  seatKind: 'StandardUser',
  customAttributes: a.customAttributes,
});

const presentProject = (p: BiProject) => ({
  id: p.id,
  projectId: p.id,
  name: p.name,
  objectType: 'Project',
  dashboardsRootFolder: { id: p.dashboardsRootFolderId },
  reportsRootFolder: { id: p.reportsRootFolderId },
});

/**
 * Dundas BI simulator (docs/integrations.md "BI server"): the REST subset the portal's client speaks —
 * log-on with sessions (440 once ended), log-on tokens for an effective account, accounts, projects,
 * user projects, file queries and deletes — and the `/Dashboard/{id}` and `/Report/{id}` views,
 * drawn from its fleet data, each log-on token opening one view within 60 s.
 */
export function createBiSimulator(options: BiSimulatorOptions = {}) {
  const now = options.now ?? (() => new Date());
  const designerAccount = options.serviceAccount ?? DEMO_BI_SERVICE_ACCOUNT;
  /** `Authorization: Basic` with the service account (the designer's log-on), compared in constant time. */
  const isServiceAccount = (header: string | undefined) => {
    if (!header?.startsWith('Basic ')) return false;
    const given = Buffer.from(header.slice(6), 'base64');
    const expected = Buffer.from(`${designerAccount.name}:${designerAccount.password}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const state = createBiState({
    now,
    projects: [FLEET_INSIGHTS, ...(options.projects ?? [])],
    accounts: [
      { ...(options.serviceAccount ?? DEMO_BI_SERVICE_ACCOUNT), isAdministrator: true },
      ...(options.accounts ?? []),
    ],
    sessionIdleMs: options.sessionIdleMs,
  });

  const sessionIdOf = (request: FastifyRequest) =>
    bearerOf(request.headers.authorization) ?? ((request.query as Record<string, string>).sessionId || null);

  /** The caller's account, or a 440 (no valid session) / 403 (not an administrator) answer. */
  function caller(request: FastifyRequest, reply: FastifyReply, { admin = true } = {}) {
    const account = state.sessionAccount(sessionIdOf(request));
    if (!account) {
      void reply.status(440).send({ message: 'No valid session.' });
      return undefined;
    }
    if (admin && !account.isAdministrator) {
      void reply.status(403).send({ message: 'Not allowed.' });
      return undefined;
    }
    return account;
  }
  const gone = (reply: FastifyReply) => reply.status(410).send({ message: 'Not found.' });

  const presentFile = (f: BiFile) => ({
    id: f.id,
    name: f.name,
    fullName: state.fullName(f),
    description: f.description,
    objectType: f.objectType,
    createdTime: f.createdTime,
    projectId: f.projectId,
    parentId: f.parentId,
    tags: f.tags,
    ...(f.initialViewOptions !== undefined && { initialViewOptions: f.initialViewOptions }),
  });

  const plugin: FastifyPluginAsync = async (app) => {
    prepareSimulator(app);

    app.post('/API/LogOn/', async (request) => {
      const account = state.checkCredentials(
        field(request.body, 'accountName'),
        field(request.body, 'password'),
      );
      if (!account)
        return {
          logOnFailureReason: 'InvalidCredentials',
          message: 'The credentials are not valid.',
          sessionId: null,
        };
      return { logOnFailureReason: 'None', message: '', sessionId: state.logOn(account) };
    });

    app.delete('/API/Session/current', async (request) => {
      const id = sessionIdOf(request);
      if (id) state.endSession(id);
      return {};
    });

    app.post('/API/LogOn/Token/', async (request) => {
      const service = state.checkCredentials(
        field(request.body, 'accountName'),
        field(request.body, 'password'),
      );
      if (!service?.isAdministrator) return { logOnToken: null, logOnFailureReason: 'InvalidCredentials' };
      const effective = state.accountByName(field(request.body, 'effectiveAccountName'));
      if (!effective?.isEnabled) return { logOnToken: null, logOnFailureReason: 'AccountNotFound' };
      return { logOnToken: state.mintToken(effective), logOnFailureReason: 'None' };
    });

    app.post('/API/Account/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const body = record(request.body);
      const name = field(body, 'name').trim();
      const password = field(body, 'password');
      if (!name || !password) return reply.status(400).send({ message: 'Name and password are required.' });
      if (state.accountByName(name))
        return reply.status(400).send({ message: 'An account with this name already exists.' });
      const account = state.createAccount({
        name,
        password,
        displayName: field(body, 'displayName'),
        emailAddress: field(body, 'emailAddress') || null,
      });
      return presentAccount(account);
    });

    app.post('/API/Account/Query/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const filters = (record(record(request.body).queryAccountsOptions).filter as unknown[]) ?? [];
      const byName = filters.map(record).find((f) => f.field === 'Name' && f.operator === 'Equals');
      const all = [...state.accounts.values()];
      const matching = byName
        ? all.filter((a) => a.name.toLowerCase() === String(byName.value).toLowerCase())
        : all;
      return matching.map(presentAccount);
    });

    app.get('/API/Account/:id/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const account = state.accounts.get((request.params as { id: string }).id);
      return account ? presentAccount(account) : gone(reply);
    });

    app.put('/API/Account/:id/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const account = state.accounts.get((request.params as { id: string }).id);
      if (!account) return gone(reply);
      const body = record(request.body);
      if (typeof body.displayName === 'string') account.displayName = body.displayName;
      if (typeof body.emailAddress === 'string' || body.emailAddress === null)
        account.emailAddress = body.emailAddress;
      if (Array.isArray(body.customAttributes)) {
        account.customAttributes = body.customAttributes.map(record).map((a) => ({
          name: String(a.name),
          values: Array.isArray(a.values) ? a.values.map(String) : [],
        }));
      }
      return presentAccount(account);
    });

    app.delete('/API/Account/:id/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      return state.deleteAccount((request.params as { id: string }).id) ? {} : gone(reply);
    });

    app.get('/API/Project/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      return state.sharedProjects().map(presentProject);
    });

    app.get('/API/Project/:id', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const project = state.projects.get((request.params as { id: string }).id.replace(/\/$/, ''));
      return project ? presentProject(project) : gone(reply);
    });

    app.post('/API/Project/User/:accountId/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const account = state.accounts.get((request.params as { accountId: string }).accountId);
      return account ? presentProject(state.userProject(account)) : gone(reply);
    });

    app.post('/API/File/Query/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      const options = record(record(request.body).queryFileSystemEntriesOptions);
      const roots = Array.isArray(options.queryRootIds) ? options.queryRootIds.map(String) : [];
      if (roots.some((id) => !state.files.has(id))) return gone(reply);
      const pageSize = Math.min(Math.max(Number(options.pageSize) || 100, 1), 1000);
      const pageNumber = Math.max(Number(options.pageNumber) || 1, 1);
      const children = roots.flatMap((id) => state.childrenOf(id));
      return children.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map(presentFile);
    });

    app.delete('/API/File/:id/', async (request, reply) => {
      if (!caller(request, reply)) return reply;
      return state.deleteFile((request.params as { id: string }).id) ? {} : gone(reply);
    });

    // Not part of Dundas's API: lets tests end every API session (the next call meets a 440).
    if (options.controls !== false)
      app.post('/_sim/expire-sessions', async () => ({ ended: state.expireSessions() }));

    app.get('/embed.js', async (_request, reply) =>
      reply.type('text/javascript').header('cache-control', 'no-cache').send(EMBED_SCRIPT),
    );

    const view = (objectType: BiItemType) => async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: string };
      const token = (request.query as Record<string, string>).logonTokenId ?? '';
      const script = `${request.url.split('/' + BI_VIEW_MODES[objectType].path + '/')[0]}/embed.js`;
      const account = token ? state.redeemToken(token) : undefined;
      if (!account) return reply.status(440).type('text/html').send(refusalPage(440, script));
      const file = state.files.get(id);
      if (!file || file.objectType !== objectType)
        return reply.status(410).type('text/html').send(refusalPage(403, script));
      if (!state.mayView(account, file))
        return reply.status(403).type('text/html').send(refusalPage(403, script));
      return reply.type('text/html').header('cache-control', 'no-store').send(viewPage(file, now()));
    };
    app.get('/', async (request, reply) => {
      if (options.designerLogOn && !isServiceAccount(request.headers.authorization))
        return reply
          .status(401)
          .header('www-authenticate', 'Basic realm="BI designer", charset="UTF-8"')
          .header('cache-control', 'no-store')
          .type('text/html')
          .send(logOnPage());
      const demo = (request.query as Record<string, string>).demo === '1';
      const projects = state
        .sharedProjects()
        .filter((p) => !demo || p.name === 'Fleet Insights')
        .map((p) => ({
          name: p.name,
          items: [...state.files.values()]
            .filter((f) => f.projectId === p.id && isBiItemType(f.objectType))
            .slice(0, 50),
        }));
      return reply.type('text/html').send(designerPage(projects, demo));
    });
    app.get('/analysis', async (_request, reply) => reply.type('text/html').send(analysisPage(now())));

    // Every view mode of docs/product.md §1, each kind under its own path.
    for (const type of BI_ITEM_TYPES) app.get(`/${BI_VIEW_MODES[type].path}/:id`, view(type));
  };

  return { plugin, state };
}

export type BiSimulator = ReturnType<typeof createBiSimulator>;
