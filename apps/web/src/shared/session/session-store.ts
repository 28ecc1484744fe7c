import { useSyncExternalStore } from 'react';
import { META_KEYS, STORAGE_KEYS, metaFlag, userSchema, type Session, type User } from '@portal/contract';
import { clearSessionStorageKeepingNsbi, sessionStore } from '../storage/browser-storage';

export type SessionSnapshot = {
  user: User | null;
  token: string | null;
  /** NSBI mode: the signed-in (or last signed-in) user has the NSBI flag; it survives logout. */
  nsbi: boolean;
};

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// The snapshot is rebuilt only when the raw stored strings change, so useSyncExternalStore gets a
// stable object and writes from anywhere (other code, tests, devtools) are still picked up.
let cachedRaw: [string | null, string | null, string | null] = [null, null, null];
let cached: SessionSnapshot = { user: null, token: null, nsbi: false };

export function getSession(): SessionSnapshot {
  const raw: typeof cachedRaw = [
    sessionStore.get(STORAGE_KEYS.user),
    sessionStore.get(STORAGE_KEYS.token),
    sessionStore.get(STORAGE_KEYS.nsbi),
  ];
  if (raw.every((value, i) => value === cachedRaw[i])) return cached;
  cachedRaw = raw;
  cached = { user: parseUser(raw[0]), token: raw[1], nsbi: raw[2] === '1' };
  return cached;
}

export const getAccessToken = () => sessionStore.get(STORAGE_KEYS.token);
export const getRefreshToken = () => sessionStore.get(STORAGE_KEYS.refreshToken);

// Why the last session ended, so every path to sign-in (the guard, the API rule) shows the same
// "Your session expired." instead of racing to different URLs. In memory only: a reload forgets it.
let expired = false;
export const sessionHasExpired = () => expired;

/** Why the last session ended, when it matters to what the screen shows before sign-in. */
export type SessionEndReason = 'logout' | 'expired' | 'another-device';
let endReason: SessionEndReason | null = null;
export const sessionEndReason = () => endReason;

function storeUser(user: User) {
  sessionStore.set(STORAGE_KEYS.user, JSON.stringify(user));
  if (metaFlag(user, META_KEYS.nsbiEnabled)) sessionStore.set(STORAGE_KEYS.nsbi, '1');
  else sessionStore.remove(STORAGE_KEYS.nsbi);
}

/** After sign-in or a token refresh. */
export function saveSession(session: Session) {
  expired = false;
  endReason = null;
  sessionStore.set(STORAGE_KEYS.token, session.access_token);
  sessionStore.set(STORAGE_KEYS.refreshToken, session.refresh_token);
  storeUser(session.user);
  emit();
}

/** auth/me refreshes the stored user (docs/product.md §7). */
export function saveUser(user: User) {
  storeUser(user);
  emit();
}

/** Logout or an ended session: everything of the tab goes except the NSBI flag (docs/product.md §4). */
export function clearSession(reason: SessionEndReason = 'logout') {
  expired = reason === 'expired';
  endReason = reason;
  clearSessionStorageKeepingNsbi();
  emit();
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useSession = () => useSyncExternalStore(subscribeSession, getSession, getSession);
export const useCurrentUser = () => useSession().user;
