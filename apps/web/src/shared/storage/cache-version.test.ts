import { describe, expect, it, vi } from 'vitest';
import { CACHE_VERSION, STORAGE_KEYS } from '@portal/contract';
import { applyCacheVersion } from './cache-version';

describe('cache version', () => {
  it('clears stale client caches once when the stored version is older, keeping the session token', () => {
    localStorage.setItem(STORAGE_KEYS.buildNumber, '7');
    sessionStorage.setItem(STORAGE_KEYS.token, 't');
    sessionStorage.setItem(STORAGE_KEYS.user, '{"stale":true}');
    const clearQueries = vi.fn();

    expect(applyCacheVersion(clearQueries)).toBe(true);
    expect(clearQueries).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('t');
    expect(localStorage.getItem(STORAGE_KEYS.buildNumber)).toBe(String(CACHE_VERSION));

    expect(applyCacheVersion(clearQueries)).toBe(false);
    expect(clearQueries).toHaveBeenCalledOnce();
  });

  it('treats a first visit as an old version', () => {
    expect(applyCacheVersion()).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.buildNumber)).toBe('8');
  });
});
