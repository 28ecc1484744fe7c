import { randomUUID } from 'node:crypto';
import type { Clock } from '../kit';
import { randomToken } from '../kit';
import { buildProject, stableGuid, type BiFile, type BiProject, type ProjectSpec } from './catalog';

export type BiAccount = {
  id: string;
  name: string;
  password: string;
  displayName: string;
  emailAddress: string | null;
  isEnabled: boolean;
  /** May create accounts, mint log-on tokens for others, read every project. */
  isAdministrator: boolean;
  /** Custom attributes; `Projects` lists the project ids the account may view (portal-assigned). */
  customAttributes: Array<{ name: string; values: string[] }>;
};

export type BiState = ReturnType<typeof createBiState>;

/** Sessions end after this long unused; Dundas answers 440 to a call with an ended one. */
export const BI_SESSION_IDLE_MS = 20 * 60_000;
/** A log-on token opens one view, within this long of being made. */
export const LOGON_TOKEN_TTL_MS = 60_000;

/** The BI simulator's data and sessions, in memory. */
export function createBiState(options: {
  now: Clock;
  projects: ProjectSpec[];
  accounts: Array<{ name: string; password: string; isAdministrator?: boolean }>;
  sessionIdleMs?: number;
}) {
  const { now } = options;
  const idleMs = options.sessionIdleMs ?? BI_SESSION_IDLE_MS;
  const projects = new Map<string, BiProject>();
  const files = new Map<string, BiFile>();
  const accounts = new Map<string, BiAccount>();
  const sessions = new Map<string, { accountId: string; lastUsed: number }>();
  const tokens = new Map<string, { accountId: string; expiresAt: number }>();
  const userProjects = new Map<string, string>();

  const start = now();
  for (const spec of options.projects) {
    const built = buildProject(spec, start);
    projects.set(built.project.id, built.project);
    for (const file of built.files) files.set(file.id, file);
  }
  for (const a of options.accounts) {
    const id = stableGuid('account', a.name);
    accounts.set(id, {
      id,
      name: a.name,
      password: a.password,
      displayName: a.name,
      emailAddress: null,
      isEnabled: true,
      isAdministrator: a.isAdministrator ?? false,
      customAttributes: [],
    });
  }

  const accountByName = (name: string) =>
    [...accounts.values()].find((a) => a.name.toLowerCase() === name.trim().toLowerCase());

  /** The account of valid credentials, or undefined. */
  function checkCredentials(name: string, password: string) {
    const account = accountByName(name);
    return account && account.isEnabled && account.password === password ? account : undefined;
  }

  function childrenOf(folderId: string): BiFile[] {
    return [...files.values()]
      .filter((f) => f.parentId === folderId)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  function fullName(file: BiFile): string {
    const parts: string[] = [];
    for (let f: BiFile | undefined = file; f; f = f.parentId ? files.get(f.parentId) : undefined)
      parts.unshift(f.name);
    return `/${projects.get(file.projectId)?.name ?? ''}/${parts.join('/')}`;
  }

  return {
    projects,
    files,
    accounts,
    accountByName,
    checkCredentials,
    childrenOf,
    fullName,

    logOn(account: BiAccount): string {
      const at = now().getTime();
      for (const [id, s] of sessions) if (at - s.lastUsed > idleMs) sessions.delete(id);
      const id = randomUUID();
      sessions.set(id, { accountId: account.id, lastUsed: at });
      return id;
    },
    /** The account of a live session (its idle time restarts), or undefined: Dundas answers 440. */
    sessionAccount(sessionId: string | null): BiAccount | undefined {
      const session = sessionId ? sessions.get(sessionId) : undefined;
      if (!sessionId || !session) return undefined;
      const at = now().getTime();
      if (at - session.lastUsed > idleMs) {
        sessions.delete(sessionId);
        return undefined;
      }
      session.lastUsed = at;
      return accounts.get(session.accountId);
    },
    endSession: (sessionId: string) => sessions.delete(sessionId),
    /** Ends every API session (tests: the next call meets a 440). */
    expireSessions(): number {
      const ended = sessions.size;
      sessions.clear();
      return ended;
    },

    mintToken(account: BiAccount): string {
      const at = now().getTime();
      for (const [t, entry] of tokens) if (entry.expiresAt <= at) tokens.delete(t);
      const token = randomToken(24);
      tokens.set(token, { accountId: account.id, expiresAt: at + LOGON_TOKEN_TTL_MS });
      return token;
    },
    /** The account of a log-on token, once; undefined when unknown, used or older than 60 s. */
    redeemToken(token: string): BiAccount | undefined {
      const entry = tokens.get(token);
      if (!entry) return undefined;
      tokens.delete(token);
      return entry.expiresAt > now().getTime() ? accounts.get(entry.accountId) : undefined;
    },

    createAccount(input: {
      name: string;
      password: string;
      displayName?: string;
      emailAddress?: string | null;
    }) {
      const id = randomUUID();
      const account: BiAccount = {
        id,
        name: input.name,
        password: input.password,
        displayName: input.displayName || input.name,
        emailAddress: input.emailAddress ?? null,
        isEnabled: true,
        isAdministrator: false,
        customAttributes: [],
      };
      accounts.set(id, account);
      return account;
    },
    deleteAccount(id: string) {
      for (const [sid, s] of sessions) if (s.accountId === id) sessions.delete(sid);
      const userProject = userProjects.get(id);
      if (userProject) {
        for (const [fid, f] of files) if (f.projectId === userProject) files.delete(fid);
        projects.delete(userProject);
        userProjects.delete(id);
      }
      return accounts.delete(id);
    },

    /** Projects as the project list shows them: not the accounts' own ones. */
    sharedProjects: () => {
      const own = new Set(userProjects.values());
      return [...projects.values()].filter((p) => !own.has(p.id));
    },

    /** The account's own project (Dundas "user project"), made on first request. */
    userProject(account: BiAccount): BiProject {
      const existing = userProjects.get(account.id);
      if (existing) return projects.get(existing)!;
      const built = buildProject({ name: account.name, folders: [] }, now());
      projects.set(built.project.id, built.project);
      for (const file of built.files) files.set(file.id, file);
      userProjects.set(account.id, built.project.id);
      return built.project;
    },

    /** Deletes a file or folder with everything under it. */
    deleteFile(id: string): boolean {
      if (!files.has(id)) return false;
      for (const child of childrenOf(id)) this.deleteFile(child.id);
      return files.delete(id);
    },

    /**
     * Whether an account may view a file, as Dundas decides it per account: administrators always;
     * its own project always; a shared project when assigned (`Projects`), and then only the items
     * its `Items` permission lists, when it has one (accounts without it see the whole project).
     */
    mayView(account: BiAccount, file: BiFile): boolean {
      if (account.isAdministrator) return true;
      if (userProjects.get(account.id) === file.projectId) return true;
      const attribute = (name: string) => account.customAttributes.find((a) => a.name === name)?.values;
      if (!attribute('Projects')?.includes(file.projectId)) return false;
      const items = attribute('Items');
      return items === undefined || items.includes(file.id);
    },
  };
}
