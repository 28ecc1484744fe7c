import { META_KEYS } from '@portal/contract';
import type { TestApp } from './app';
import { createUser, signIn, type BuildUserInput } from './builders';
import { createUserRepository } from '../modules/directory';
import { stableGuid } from '../simulators/bi/catalog';

/** The simulator's demo project (stable id: derived from its name). */
export const FLEET_INSIGHTS_ID = stableGuid('project', 'Fleet Insights');

/** A customer with the NSBI flag and, unless `project: null`, Fleet Insights; signed in. */
export async function nsbiCustomer(t: TestApp, options: { project?: string | null } & BuildUserInput = {}) {
  const { project = FLEET_INSIGHTS_ID, ...input } = options;
  const user = await createUser(t, { meta: [{ key: META_KEYS.nsbiEnabled, value: '1' }], ...input });
  if (project) await createUserRepository(t.database.db).setProject([user.id], project, new Date());
  return { user, tokens: await signIn(t, user) };
}
