import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config';

describe('.env.example', () => {
  // A newcomer configures the portal from this file: a variable missing from it is invisible.
  it('lists every variable the server reads', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? ''));
    expect(ENV_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !(ENV_VARIABLES as string[]).includes(name))).toEqual(['ENV_FILE']);
  });
});
