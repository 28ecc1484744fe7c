import type { core } from 'zod';

/** A named component: the contract's schema, its name under components/schemas, its example. */
export type Component = [schema: core.$ZodType, id: string, example: unknown];

// Example values more than one feature's components show.
export const at = '2026-03-02T09:15:00.000Z';
export const role = { id: 3, name: 'Customer', short_name: 'customer' };
export const file = {
  id: 12,
  user_id: 42,
  file_name: 'acme-logo.png',
  public_url: '/api/v1.0/files/public/Q2hvb3NlIGEgcmFuZG9tIGtleSBvZiA0MyBjaGFyYWN0ZXJz',
  thumbnail_url: '/api/v1.0/files/public/Q2hvb3NlIGEgcmFuZG9tIGtleSBvZiA0MyBjaGFyYWN0ZXJz/thumbnail',
};
export const user = {
  id: 42,
  name: 'Dana Fleet',
  email: 'dana@acme-logistics.example',
  username: 'dana.fleet',
  createdAt: at,
  logo: file,
  roles: [role],
  role: { is_admin: false },
  meta: [
    { key: 'company_name', value: 'Acme Logistics' },
    { key: 'settings.nsbi_enabled', value: '1' },
  ],
  dundas: { dundas_project_id: '8f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11' },
  ts: null,
  ld: {
    user_id: '7781',
    username: 'ld.dana',
    email: 'dana@acme-logistics.example',
    name: 'Dana Fleet',
    client_name: 'Acme Logistics',
    branch_name: 'Cape Town',
  },
  blocked: false,
};
export const reportItem = {
  id: '5d0f7c3e-91a2-4b8e-8c3d-1f2a3b4c5d6e',
  name: 'Fuel per vehicle',
  type: 'dashboard',
  createdAt: at,
  initialViewOptions: 'viewonly',
  folderId: 'c9e8d7f6-a5b4-4c3d-8e2f-1a0b9c8d7e6f',
  folderName: 'Fuel',
  friendlyLocationElements: ['Fleet Insights', 'casey@example.com', 'Fuel'],
  managedBy: null,
};
