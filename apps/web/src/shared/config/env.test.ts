import { afterEach, describe, expect, it } from 'vitest';
import { readAppEnv } from './env';

describe('APP_ENV (issue 18.8)', () => {
  afterEach(() => document.head.querySelector('meta[name="app-env"]')?.remove());

  it('follows what the serving server says in the page, not the build', () => {
    const meta = document.createElement('meta');
    meta.name = 'app-env';
    meta.content = 'production';
    document.head.append(meta);
    expect(readAppEnv()).toBe('production');
  });

  it('falls back to the build’s value without one (dev server, tests)', () => {
    expect(readAppEnv()).toBe(__APP_ENV__);
  });
});
