import { afterEach, describe, expect, it } from 'vitest';
import { readAppEnv, readReleaseLabel } from './env';

describe('APP_ENV', () => {
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

describe('the release in the footer', () => {
  afterEach(() => document.head.querySelectorAll('meta[name^="app-"]').forEach((tag) => tag.remove()));
  const say = (name: string, content: string) => {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  };

  it('is the version and short commit the serving server reports (as its /healthz)', () => {
    say('app-version', '1.1.0');
    say('app-commit', 'b73e5e9d0c1f2a3b4c5d6e7f8091a2b3c4d5e6f7');
    expect(readReleaseLabel()).toBe('version 1.1.0 (b73e5e9)');
  });

  it('is the built version alone without a server or a known commit', () => {
    expect(readReleaseLabel()).toBe(`version ${__APP_VERSION__}`);
    say('app-commit', 'unknown');
    expect(readReleaseLabel()).toBe(`version ${__APP_VERSION__}`);
  });
});
