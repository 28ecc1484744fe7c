/**
 * Route table by the names of docs/product.md §2. Every link uses these, never a literal path.
 * Values with `:param` are patterns: build a link with react-router's `generatePath`.
 * Lives in shared/ (not app/) because features link to each other's screens by name and features
 * may not import from app/.
 */
export const routes = {
  login: '/login',
  logout: '/logout',
  dashboard: '/',
  reports: '/nsbi',
  reports_folder: '/nsbi/folder/:folderId',
  report_details: '/nsbi/:id/view',
  analysis: '/analysis',
  users: '/admin/users',
  /** Same screen as `users`, filtered by the query (docs/api.md "Blocked list URL"). */
  usersBlocked: '/admin/users?blocked=1',
  usersCreate: '/admin/users/create',
  usersEdit: '/admin/users/:id/edit',
  usersReports: '/admin/users/:id/reports',
  usersSettings: '/admin/users/:id/settings',
  usersConnectReports: '/admin/users/connect-reports',
  usersDundasReports: '/admin/users/dundas-reports',
  profile: '/profile',
  settings: '/settings',
  externalLogin: '/ext-login',
  /** Not a route of docs/product.md: where an identity provider sends people back (single sign-on). */
  ssoCallback: '/sso/callback',
  /** Not a route of docs/product.md: identity providers for single sign-on, for admins. */
  sso: '/admin/sso',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  register: '/register',
  admin: '/admin',
  tools: '/admin/tools',
  biDesigner: '/admin/tools/bi-designer',
  biDemoDesigner: '/admin/tools/bi-demo-designer',
  developerResources: '/dev-resources',
  software: '/dev-resources/software',
  hardware: '/dev-resources/hardware',
  apiSummary: '/dev-resources/software/api-summary',
  t3Lite: '/dev-resources/hardware/t3-lite',
  gen3Gen4Specs: '/dev-resources/hardware/gen3-gen4-specs',
  forbidden: '/403',
  unauthorized: '/401',
  notFound: '/404',
  test: '/test',
  /** Not a route of docs/product.md: NS BI usage charts for admins. */
  usage: '/admin/usage',
  /** Not a route of docs/product.md: the audit log for admins; filters in the query. */
  auditLog: '/admin/audit-log',
  /** Not a route of docs/product.md: the development mail outbox for admins, absent in production. */
  mailOutbox: '/admin/mail-outbox',
  /** Not a route of docs/product.md: the texts the SMS gateway (simulator) holds, absent in production. */
  smsOutbox: '/admin/sms-outbox',
} as const;

export type RouteName = keyof typeof routes;
