import { z } from 'zod';
import {
  createRemote,
  RemoteFailure,
  type RemoteAnswer,
  type RemoteOptions,
  type RemoteRequest,
} from '../remote';
import { walkProject } from './walk';

const SYSTEM = 'The BI server';
/** Dundas answers 440 to a call whose session ended (timeout, restart, log-off elsewhere). */
const SESSION_ENDED = 440;

const logOnSchema = z.object({
  logOnFailureReason: z.string(),
  sessionId: z.string().min(1).nullish(),
});
const tokenSchema = z.object({
  logOnToken: z.string().min(1).nullish(),
  logOnFailureReason: z.string().optional(),
});
const accountSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  displayName: z.string().nullish(),
  emailAddress: z.string().nullish(),
  isEnabled: z.boolean().optional(),
});
const projectSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  dashboardsRootFolder: z.object({ id: z.string() }).nullish(),
  reportsRootFolder: z.object({ id: z.string() }).nullish(),
});
export const fileEntrySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  objectType: z.string(),
  description: z.string().nullish(),
  createdTime: z.string().nullish(),
  initialViewOptions: z.string().nullish(),
  tags: z.array(z.string()).nullish(),
});

export type BiAccountData = z.infer<typeof accountSchema>;
export type BiProjectData = { projectId: string; name: string; rootFolderIds: string[] };
export type BiFileEntry = z.infer<typeof fileEntrySchema>;

export type BiClientOptions = Omit<RemoteOptions, 'system'> & {
  /** The service account the portal logs on with (BI_SERVICE_ACCOUNT / BI_SERVICE_PASSWORD). */
  serviceAccount: { name: string; password: string };
  /** How many folder queries a tree walk keeps in flight at once. */
  walkConcurrency?: number;
};

const presentProject = (p: z.infer<typeof projectSchema>): BiProjectData => ({
  projectId: p.id,
  name: p.name,
  rootFolderIds: [p.dashboardsRootFolder?.id, p.reportsRootFolder?.id].filter((id): id is string =>
    Boolean(id),
  ),
});

/**
 * The Dundas BI REST client (docs/integrations.md "BI server"). It logs on once with the service account
 * and reuses that session for every call; a 440 (session ended) logs on again, once, and repeats
 * the call. Log-on tokens let a user's BI account open a view without a password.
 */
export function createBiClient(options: BiClientOptions) {
  const remote = createRemote({ ...options, system: SYSTEM });
  const { serviceAccount } = options;
  let session: Promise<string> | null = null;

  async function logOn(): Promise<string> {
    const answer = await remote.send({
      method: 'POST',
      path: '/API/LogOn/',
      body: {
        accountName: serviceAccount.name,
        password: serviceAccount.password,
        cultureName: 'en-US',
        deleteOtherSessions: false,
        isWindowsLogOn: false,
      },
    });
    if (answer.status !== 200) throw remote.unexpected(answer, 'log-on');
    const body = remote.read(answer, logOnSchema, 'log-on');
    if (body.logOnFailureReason !== 'None' || !body.sessionId) {
      options.log.warn(
        { system: SYSTEM, reason: body.logOnFailureReason },
        'BI service account log-on refused',
      );
      throw new RemoteFailure(SYSTEM, 'status', `${SYSTEM} refused the portal's service account.`);
    }
    return body.sessionId;
  }

  /** The shared session: one log-on at a time, whoever asks first; a failed one is not kept. */
  function currentSession(): Promise<string> {
    session ??= logOn().catch((error: unknown) => {
      session = null;
      throw error;
    });
    return session;
  }

  /** A call in the service session; after a 440, one new log-on and one more try. */
  async function call(request: RemoteRequest): Promise<RemoteAnswer> {
    for (let attempt = 1; ; attempt++) {
      const used = currentSession();
      const id = await used;
      const answer = await remote.send({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${id}` },
      });
      if (answer.status !== SESSION_ENDED) return answer;
      if (session === used) session = null; // another call may have logged on again already
      if (attempt === 2) throw remote.unexpected(answer, `${request.path} after a new log-on`);
    }
  }

  async function queryChildren(folderId: string, pageSize = 500): Promise<BiFileEntry[]> {
    const entries: BiFileEntry[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const answer = await call({
        method: 'POST',
        path: '/API/File/Query/',
        idempotent: true,
        body: {
          queryFileSystemEntriesOptions: {
            queryRootIds: [folderId],
            pageNumber,
            pageSize,
            orderBy: [{ fileSystemQueryField: 'Name', sortDirection: 'Ascending' }],
          },
        },
      });
      if (answer.status === 410) return entries; // the folder went away during the walk
      if (answer.status !== 200) throw remote.unexpected(answer, 'file query');
      const page = remote.read(answer, z.array(fileEntrySchema), 'file query');
      entries.push(...page);
      if (page.length < pageSize) return entries;
    }
  }

  const accountPath = (id: string) => `/API/Account/${encodeURIComponent(id)}/`;

  return {
    system: SYSTEM,

    /** A fresh log-on of the service account, for `npm run doctor`: throws when it is refused or unreachable. */
    async checkServiceAccount(): Promise<void> {
      await logOn();
    },

    /** GET /API/Project/: every project, with its dashboards and reports root folders. */
    async projects(): Promise<BiProjectData[]> {
      const answer = await call({
        method: 'GET',
        path: '/API/Project/?options=IncludeChildren',
        idempotent: true,
      });
      if (answer.status !== 200) throw remote.unexpected(answer, 'projects');
      return remote.read(answer, z.array(projectSchema), 'projects').map(presentProject);
    },

    /** GET /API/Project/{id}: one project, or null when the BI server has no such project. */
    async project(projectId: string): Promise<BiProjectData | null> {
      const answer = await call({
        method: 'GET',
        path: `/API/Project/${encodeURIComponent(projectId)}`,
        idempotent: true,
      });
      if (answer.status === 410 || answer.status === 404) return null;
      if (answer.status !== 200) throw remote.unexpected(answer, 'project');
      return presentProject(remote.read(answer, projectSchema, 'project'));
    },

    /** POST /API/Project/User/{accountId}/: the account's own project (made on first request). */
    async userProject(accountId: string): Promise<BiProjectData | null> {
      const answer = await call({
        method: 'POST',
        path: `/API/Project/User/${encodeURIComponent(accountId)}/`,
        idempotent: true,
      });
      if (answer.status === 410 || answer.status === 404) return null;
      if (answer.status !== 200) throw remote.unexpected(answer, 'user project');
      return presentProject(remote.read(answer, projectSchema, 'user project'));
    },

    /** POST /API/Account/: a local account for a portal user. */
    async createAccount(input: {
      name: string;
      password: string;
      displayName: string;
      emailAddress: string;
    }) {
      const answer = await call({
        method: 'POST',
        path: '/API/Account/',
        body: {
          __classType: 'dundas.account.Account',
          accountType: 'LocalUser',
          isEnabled: true,
          seatKind: 'StandardUser',
          ...input,
        },
      });
      if (answer.status !== 200) throw remote.unexpected(answer, 'create account');
      return remote.read(answer, accountSchema, 'create account');
    },

    /** GET /API/Account/{id}/, or null when there is none. */
    async account(id: string): Promise<BiAccountData | null> {
      const answer = await call({ method: 'GET', path: accountPath(id), idempotent: true });
      if (answer.status === 410 || answer.status === 404) return null;
      if (answer.status !== 200) throw remote.unexpected(answer, 'account');
      return remote.read(answer, accountSchema, 'account');
    },

    /** POST /API/Account/Query/ by name: the account, or null. */
    async accountByName(name: string): Promise<BiAccountData | null> {
      const answer = await call({
        method: 'POST',
        path: '/API/Account/Query/',
        idempotent: true,
        body: {
          queryAccountsOptions: {
            pageNumber: 1,
            pageSize: 2,
            filter: [{ field: 'Name', operator: 'Equals', value: name }],
          },
        },
      });
      if (answer.status !== 200) throw remote.unexpected(answer, 'account query');
      return remote.read(answer, z.array(accountSchema), 'account query')[0] ?? null;
    },

    /**
     * PUT /API/Account/{id}/: what the account may view — the projects (`Projects` custom attribute)
     * and, within them, the items (`Items`). Both go every time: the PUT replaces the attributes, so
     * a project change without items leaves the account able to open nothing until the items follow.
     */
    async setAccountProjects(
      id: string,
      projectIds: string[],
      itemIds: readonly string[] = [],
    ): Promise<boolean> {
      const answer = await call({
        method: 'PUT',
        path: accountPath(id),
        idempotent: true,
        body: {
          customAttributes: [
            { name: 'Projects', values: projectIds },
            { name: 'Items', values: [...itemIds] },
          ],
        },
      });
      if (answer.status === 410 || answer.status === 404) return false;
      if (answer.status !== 200) throw remote.unexpected(answer, 'update account');
      return true;
    },

    /** DELETE /API/Account/{id}/ (its sessions and user project go with it): false when there was none. */
    async deleteAccount(id: string): Promise<boolean> {
      const answer = await call({ method: 'DELETE', path: accountPath(id), idempotent: true });
      if (answer.status === 410 || answer.status === 404) return false;
      if (answer.status !== 200) throw remote.unexpected(answer, 'delete account');
      return true;
    },

    /** DELETE /API/File/{id}/: a file or folder with everything under it; false when there was none. */
    async deleteFile(id: string): Promise<boolean> {
      const answer = await call({
        method: 'DELETE',
        path: `/API/File/${encodeURIComponent(id)}/`,
        idempotent: true,
      });
      if (answer.status === 410 || answer.status === 404) return false;
      if (answer.status !== 200) throw remote.unexpected(answer, 'delete file');
      return true;
    },

    /** Direct children of a folder, every page. */
    queryChildren,

    /** Every dashboard and report under a project's roots, with the folders on the way (walk.ts). */
    walk: (project: BiProjectData) =>
      walkProject(project, (folderId) => queryChildren(folderId), options.walkConcurrency ?? 8),

    /**
     * POST /API/LogOn/Token/: a token that opens one view as `accountName`, without its password
     * (the service account vouches). The token is a secret: it goes to that user only. Null when
     * the BI server has no such account (deleted there): the caller makes it again.
     */
    async logOnToken(accountName: string): Promise<string | null> {
      const answer = await remote.send({
        method: 'POST',
        path: '/API/LogOn/Token/',
        body: {
          accountName: serviceAccount.name,
          password: serviceAccount.password,
          isWindowsLogOn: false,
          effectiveAccountName: accountName,
        },
      });
      if (answer.status !== 200) throw remote.unexpected(answer, 'log-on token');
      const body = remote.read(answer, tokenSchema, 'log-on token');
      if (!body.logOnToken && body.logOnFailureReason === 'AccountNotFound') return null;
      if (!body.logOnToken) {
        options.log.warn({ system: SYSTEM, reason: body.logOnFailureReason }, 'BI log-on token refused');
        throw new RemoteFailure(SYSTEM, 'status', `${SYSTEM} would not open a view for this account.`);
      }
      return body.logOnToken;
    },
  };
}

export type BiClient = ReturnType<typeof createBiClient>;
