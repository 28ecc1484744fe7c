import { describe, expect, it } from 'vitest';
import { captureHandOffToken, takeHandOffToken } from './hand-off-token';

describe('hand-off token capture', () => {
  it('takes the token out of the address bar of /ext-login, keeping the rest, and hands it over once', () => {
    window.history.replaceState(null, '', '/ext-login?token=abc%2B1&from=ld#top');
    captureHandOffToken();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/ext-login?from=ld#top',
    );
    expect(takeHandOffToken()).toBe('abc+1');
    expect(takeHandOffToken()).toBeNull();
  });

  it('leaves other pages alone', () => {
    window.history.replaceState(null, '', '/reset-password?token=reset-1');
    captureHandOffToken();
    expect(window.location.search).toBe('?token=reset-1');
    expect(takeHandOffToken()).toBeNull();
  });
});
