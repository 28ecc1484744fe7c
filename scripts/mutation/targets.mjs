// The targets of `npm run test:mutation` (scripts/mutation/README.md): the code each mutates and
// the test files that cover it. Only those tests run, so a target takes minutes, not the hours of
// the whole suite. Moving a file: change its path here.

/** @type {Record<string, { mutate: string[]; testFiles: string[] }>} */
export const TARGETS = {
  throttle: {
    mutate: ['apps/server/src/modules/throttle/service.ts', 'apps/server/src/modules/throttle/repository.ts'],
    // Not sign-in-races.test.ts: its bursts of concurrent sign-ins take a run from minutes to hours
    // (it may only kill more mutants, of the in-flight and contention code).
    testFiles: [
      // The rules attempt by attempt on a clock the test sets (no HTTP, no password hashing).
      'apps/server/src/modules/throttle/service.test.ts',
      // How an attempt waits for a slot, on fake timers: woken here, polling, the 30-second answer.
      'apps/server/src/modules/throttle/waiting.test.ts',
      'apps/server/src/modules/throttle/throttle.test.ts',
      'apps/server/src/modules/throttle/two-factor-cap.test.ts',
      'apps/server/src/modules/throttle/lock-order.test.ts',
    ],
  },
  'users-policy': {
    // Who the caller is (the directory: Actor, role checks, edit rights) and the users admin rules.
    mutate: ['apps/server/src/modules/directory/policy.ts', 'apps/server/src/modules/users/policy.ts'],
    testFiles: [
      'apps/server/src/modules/users/users-admin.test.ts',
      'apps/server/src/modules/users/users-self-service.test.ts',
      'apps/server/src/modules/users/users-bulk.test.ts',
      'apps/server/src/modules/users/users-delete.test.ts',
      'apps/server/src/modules/users/meta.test.ts',
      'apps/server/src/modules/users/reauth.test.ts',
    ],
  },
  tokens: {
    mutate: ['apps/server/src/modules/tokens/guard.ts', 'apps/server/src/modules/tokens/service.ts'],
    testFiles: [
      'apps/server/src/modules/auth/sessions.test.ts',
      'apps/server/src/modules/auth/login.test.ts',
      'apps/server/src/modules/active-sessions/active-sessions.test.ts',
      'apps/server/src/modules/roles/roles.test.ts',
      // requireRoles, authOf and actorOf (the admin areas), and the sessions of blocked and deleted users.
      'apps/server/src/modules/users/users-admin.test.ts',
      'apps/server/src/modules/users/users-delete.test.ts',
      'apps/server/src/modules/tokens/last-used.test.ts',
      'apps/server/src/modules/tokens/guard.test.ts',
      // The guard's database reads counted, the refresh rules on a clock the test sets.
      'apps/server/src/modules/tokens/service.test.ts',
    ],
  },
  'contract-rules': {
    mutate: ['packages/contract/src/rules.ts', 'packages/contract/src/password-rules.ts'],
    testFiles: [
      'packages/contract/src/rules.test.ts',
      'packages/contract/src/password-rules.test.ts',
      'packages/contract/src/users.test.ts',
      'apps/server/src/plugins/bad-input.test.ts',
    ],
  },
};

/**
 * The target named by MUTATION_TARGET, with MUTATION_TEST_FILES (comma-separated paths), when set,
 * as its only tests: a quick loop over a few fast test files. Its score is a lower bound of the
 * target's (a mutant those tests kill, the target's tests kill too).
 */
export function currentTarget() {
  const name = process.env.MUTATION_TARGET ?? '';
  const target = TARGETS[name];
  if (!target) throw new Error(`MUTATION_TARGET must be one of: ${Object.keys(TARGETS).join(', ')}.`);
  const only = process.env.MUTATION_TEST_FILES?.split(',').filter(Boolean);
  return { name, ...target, testFiles: only?.length ? only : target.testFiles };
}
