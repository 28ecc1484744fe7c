import { LINKED_APP_NAMES, type LinkedApp, type TattleUser } from '@portal/contract';
import type { ExternalUser } from '../../integrations/external-user';

/** The TS user of a linked TS session (auth/tattle-user). */
export const presentTattleUser = (user: ExternalUser): TattleUser => ({
  user_id: user.id,
  username: user.username,
  email: user.email,
  name: user.name,
});

/** An entry of GET linked-apps: the app, its product name, where it opens. */
export const presentLinkedApp = (entry: { app: LinkedApp; url: string }) => ({
  app: entry.app,
  name: LINKED_APP_NAMES[entry.app],
  url: entry.url,
});
