import type { SsoLink, SsoProvider } from '@portal/contract';
import type { LinkRow, ProviderRow } from './repository';

export const presentSsoProvider = (row: ProviderRow, redirectUri: string): SsoProvider => ({
  id: row.id,
  name: row.name,
  issuer: row.issuer,
  client_id: row.clientId,
  has_client_secret: row.clientSecret !== null,
  domains: row.domains,
  role_id: row.roleId,
  create_users: row.createUsers,
  sso_required: row.ssoRequired,
  enabled: row.enabled,
  redirect_uri: redirectUri,
  links: row.links,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentSsoLink = (row: LinkRow): SsoLink => ({
  id: row.id,
  user_id: row.userId,
  user_name: row.userName,
  provider_id: row.providerId,
  provider_name: row.providerName,
  subject: row.subject,
  email: row.email,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});
