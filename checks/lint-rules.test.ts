import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of docs/architecture.md, proven on probe files: each rule refuses what it is
 * there to refuse (at any folder depth) and lets the right way through. A rule with a hole fails here.
 */
const ROOT = join(import.meta.dirname, '..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function ruleIdsOf(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal).toEqual([]);
  return result!.messages.map((message) => message.ruleId ?? 'unknown');
}

const MODULES = 'apps/server/src/modules';

describe('server layering', () => {
  it.each([
    ['one folder deep', `${MODULES}/files/probe.ts`, '../users/service'],
    ['three folders deep', `${MODULES}/files/a/b/probe.ts`, '../../../users/service'],
    ['a plugin', `${MODULES}/files/probe.ts`, '../users/plugin'],
  ])('refuses another module’s files, %s', async (_case, path, source) => {
    expect(await ruleIdsOf(path, `import { x } from '${source}';\nvoid x;\n`)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('lets a module use another through its index.ts, at any depth', async () => {
    expect(
      await ruleIdsOf(`${MODULES}/files/a/b/probe.ts`, `import { x } from '../../../users';\nvoid x;\n`),
    ).toEqual([]);
  });

  it.each([
    ['drizzle-orm', "import { sql } from 'drizzle-orm';\nvoid sql;\n"],
    ['the table definitions', "import { users } from '../../db/schema';\nvoid users;\n"],
  ])('keeps %s in repository files', async (_case, code) => {
    expect(await ruleIdsOf(`${MODULES}/files/service.ts`, code)).toContain('no-restricted-imports');
    expect(
      await ruleIdsOf(`${MODULES}/files/a/b/helper.ts`, code.replace('../../', '../../../../')),
    ).toContain('no-restricted-imports');
    expect(await ruleIdsOf(`${MODULES}/files/repository.ts`, code)).toEqual([]);
    expect(await ruleIdsOf(`${MODULES}/files/upload-repository.ts`, code)).toEqual([]);
  });

  it.each([
    ['a repository', "import { createFileRepository } from './repository';\nvoid createFileRepository;\n"],
    ['classic zod', "import { z } from 'zod';\nvoid z;\n"],
  ])('keeps %s out of route files', async (_case, code) => {
    expect(await ruleIdsOf(`${MODULES}/files/routes.ts`, code)).toContain('no-restricted-imports');
    expect(await ruleIdsOf(`${MODULES}/files/a/click-routes.ts`, code)).toContain('no-restricted-imports');
  });

  it('keeps the user directory below every module', async () => {
    const code = "import { x } from '../tokens';\nvoid x;\n";
    expect(await ruleIdsOf(`${MODULES}/directory/probe.ts`, code)).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsOf(`${MODULES}/files/probe.ts`, code)).toEqual([]);
  });

  it('keeps shared code from importing modules', async () => {
    expect(
      await ruleIdsOf('apps/server/src/lib/probe.ts', "import { x } from '../modules/users';\nvoid x;\n"),
    ).toContain('no-restricted-imports');
  });
});

describe('web rules', () => {
  const FEATURE = 'apps/web/src/features/users/probe.ts';
  it.each([
    ['an array', "useQuery({ queryKey: ['users'], queryFn });"],
    ['an `as const` array', "useQuery({ queryKey: ['users'] as const, queryFn });"],
    ['a `satisfies` array', "useQuery({ queryKey: ['users'] satisfies unknown[], queryFn });"],
    ['an array given to the cache', "client.setQueryData(['users'] as const, data);"],
  ])('refuses a query key written as %s', async (_case, statement) => {
    const code = `declare const useQuery: (o: object) => void;\ndeclare const queryFn: () => void;\ndeclare const client: { setQueryData(k: unknown, d: unknown): void };\ndeclare const data: unknown;\nexport function useProbe() {\n  ${statement}\n}\n`;
    expect(await ruleIdsOf(FEATURE, code)).toContain('no-restricted-syntax');
  });

  it('takes query keys from their factory', async () => {
    const code =
      "import { userKeys } from '../../shared/api/query-keys';\ndeclare const useQuery: (o: object) => void;\ndeclare const client: { setQueryData(k: unknown, d: unknown): void };\nexport function useProbe() {\n  useQuery({ queryKey: userKeys.all });\n  client.setQueryData(userKeys.all, [] as string[]);\n}\n";
    expect(await ruleIdsOf(FEATURE, code)).toEqual([]);
  });

  it('refuses a feature importing another feature', async () => {
    const code = "import { x } from '../audit/api/get-audit-log';\nvoid x;\n";
    expect(await ruleIdsOf(FEATURE, code)).toContain('import-x/no-restricted-paths');
  });
});
