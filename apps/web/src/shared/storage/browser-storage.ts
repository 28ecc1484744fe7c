import { STORAGE_KEYS } from '@portal/contract';

/**
 * Thin wrappers: storage can throw (quota, disabled cookies, some private modes) and a broken
 * storage must degrade to "not signed in", never to a blank page.
 */
function safe<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const sessionStore = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined),
  keys: () => safe(() => Object.keys(window.sessionStorage), [] as string[]),
};

export const localStore = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
};

/** Logout and an expired session clear the tab's session storage but keep the NSBI flag (docs/product.md §4). */
export function clearSessionStorageKeepingNsbi() {
  const nsbi = sessionStore.get(STORAGE_KEYS.nsbi);
  safe(() => window.sessionStorage.clear(), undefined);
  if (nsbi !== null) sessionStore.set(STORAGE_KEYS.nsbi, nsbi);
}
