import { CACHE_VERSION, STORAGE_KEYS } from '@portal/contract';
import { localStore, sessionStore } from './browser-storage';

/** Keys that survive a cache flush: the session itself is still valid, only cached data is stale. */
const KEPT_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken];

/**
 * docs/product.md §4/§9: a stored cache version (local storage `build_number`) below CACHE_VERSION clears the
 * client caches once. We read it as cache clearing, not as a forced logout: the token is kept and
 * the user is re-read from auth/me. Runs before anything else at start-up; the React Query cache
 * lives in memory and is created later (app/query-client.ts), so `clearQueryCache` only matters
 * when a caller already holds one. Returns whether a flush happened.
 */
export function applyCacheVersion(clearQueryCache: () => void = () => {}): boolean {
  const stored = Number(localStore.get(STORAGE_KEYS.buildNumber) ?? 0);
  if (Number.isFinite(stored) && stored >= CACHE_VERSION) return false;
  for (const key of sessionStore.keys()) {
    if (!KEPT_KEYS.includes(key)) sessionStore.remove(key);
  }
  clearQueryCache();
  localStore.set(STORAGE_KEYS.buildNumber, String(CACHE_VERSION));
  return true;
}
