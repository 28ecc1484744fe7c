import type { RouteObject } from 'react-router';
import { DEVELOPER_RESOURCE_ROLE_IDS, ROLE_IDS } from '@portal/contract';
import { isProduction } from '../shared/config/env';
import { routes } from '../shared/routes';
import { rememberMobileTarget } from '../shared/storage/mobile-view';
import { PageLoader } from '../shared/ui/page-loader';
import { GuestOnly, RequireNsbi, RequireRole } from './guards';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

const dashboardCrumb = { label: 'Dashboard', to: routes.dashboard };

/** A screen a later issue delivers: an honest "coming soon" page in its place (one shared chunk). */
const comingSoon = (title: string) =>
  lazyPage('coming-soon', async () => {
    const { ComingSoonPage } = await import('../shared/ui/coming-soon-page');
    return function ComingSoonRoute() {
      return <ComingSoonPage title={title} breadcrumbs={[dashboardCrumb, { label: title }]} />;
    };
  });

/** Settings of yourself (/settings), of another user for admins (navigation state or /admin/users/{id}/settings). */
const settingsPage = lazyPage('settings', () =>
  import('../features/settings/settings-page').then((m) => m.SettingsPage),
);

/** NS BI and one of its folders: the same screen (its own chunk: not on /login's bill). */
const reportsPage = lazyPage('reports', () =>
  import('../features/reports/reports-page').then((m) => m.ReportsPage),
);

const errorPage = (name: 'NotFoundPage' | 'ForbiddenPage' | 'UnauthorizedPage') =>
  lazyPage('errors', () => import('../features/errors').then((m) => m[name]));

/** Sign-in and its siblings: signed-in users are sent to the dashboard (SPEC §2 Access rules). */
const guestRoutes = (): RouteObject[] => [
  {
    path: routes.login,
    // The mobile app enters with ?target=mobile-app, even when already signed in (SPEC §1).
    loader: ({ request }) => {
      rememberMobileTarget(new URL(request.url));
      return null;
    },
    ...lazyPage('sign-in', () => import('../features/auth/sign-in-page').then((m) => m.SignInPage)),
  },
  {
    path: routes.forgotPassword,
    ...lazyPage('passwords', () =>
      import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
    ),
  },
  {
    path: routes.resetPassword,
    ...lazyPage('passwords', () =>
      import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: routes.register,
    ...lazyPage('register', () => import('../features/auth/register-page').then((m) => m.RegisterPage)),
  },
];

const adminRoutes = (): RouteObject[] => [
  { path: routes.admin, ...comingSoon('Admin') },
  {
    // Users and Blocked Users (?blocked); Create/Edit User are modals over the list.
    path: routes.users,
    ...lazyPage('users', () => import('../features/users/users-page').then((m) => m.UsersPage)),
    children: [
      {
        path: routes.usersCreate,
        ...lazyPage('users', () =>
          import('../features/users/modals/create-user-modal').then((m) => m.CreateUserModal),
        ),
      },
      {
        path: routes.usersEdit,
        ...lazyPage('users', () =>
          import('../features/users/modals/edit-user-modal').then((m) => m.EditUserModal),
        ),
      },
    ],
  },
  { path: routes.usersReports, ...comingSoon('User Reports') },
  { path: routes.usersSettings, ...settingsPage },
  { path: routes.usersConnectReports, ...comingSoon('Connect Reports') },
  { path: routes.usersDundasReports, ...comingSoon('NSBI Dashboards') },
  { path: routes.tools, ...comingSoon('Tools') },
  { path: routes.biDesigner, ...comingSoon('BI Designer') },
  { path: routes.biDemoDesigner, ...comingSoon('BI Demo Designer') },
  ...(isProduction
    ? []
    : [
        {
          path: routes.mailOutbox,
          ...lazyPage('dev-tools', () =>
            import('../features/dev-tools/mail-outbox-page').then((m) => m.MailOutboxPage),
          ),
        },
      ]),
];

const developerRoutes = (): RouteObject[] => [
  { path: routes.developerResources, ...comingSoon('Developer Resources') },
  { path: routes.software, ...comingSoon('Software') },
  { path: routes.hardware, ...comingSoon('Hardware') },
  { path: routes.apiSummary, ...comingSoon('Tattle Systems API') },
  { path: routes.t3Lite, ...comingSoon('T3 Lite') },
  { path: routes.gen3Gen4Specs, ...comingSoon('Gen 3/Gen4 Specs') },
];

/** Screens inside the sidebar layout. */
const layoutRoutes = (): RouteObject[] => [
  {
    index: true,
    ...lazyPage('applications', () =>
      import('../features/applications/applications-page').then((m) => m.ApplicationsPage),
    ),
  },
  {
    element: <RequireNsbi />,
    children: [
      { path: routes.reports, ...reportsPage },
      { path: routes.reports_folder, ...reportsPage },
    ],
  },
  { path: routes.analysis, ...comingSoon('Analysis') },
  {
    path: routes.profile,
    ...lazyPage('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage)),
  },
  { path: routes.settings, ...settingsPage },
  {
    path: routes.test,
    ...lazyPage('test', () => import('../features/dev-tools/test-page').then((m) => m.TestPage)),
  },
  { element: <RequireRole roles={[ROLE_IDS.admin]} />, children: adminRoutes() },
  { element: <RequireRole roles={DEVELOPER_RESOURCE_ROLE_IDS} />, children: developerRoutes() },
];

/** Everything behind sign-in. */
const signedInRoutes = (): RouteObject[] => [
  {
    ...lazyPage('layout', () => import('./layout/app-layout').then((m) => m.AppLayout)),
    // A failing screen keeps the header and sidebar around its error.
    children: [{ errorElement: <RouteErrorBoundary inLayout />, children: layoutRoutes() }],
  },
  // Report details has no sidebar layout (SPEC §2).
  {
    element: <RequireNsbi />,
    children: [
      {
        path: routes.report_details,
        ...lazyPage('report-details', () =>
          import('../features/reports/report-details-page').then((m) => m.ReportDetailsPage),
        ),
      },
    ],
  },
];

/**
 * Route table by SPEC §2 names (paths in shared/routes.ts). Screens load lazily so /login ships only
 * what sign-in needs; the guards without data needs and the error boundary stay in the entry chunk.
 * A factory, because a router resolves `lazy` once per route object: every router (one in the app,
 * one per test) needs its own objects.
 */
export const createRouteTable = (): RouteObject[] => [
  {
    id: 'root',
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader minHeight="100dvh" />,
    children: [
      { element: <GuestOnly />, children: guestRoutes() },
      {
        // Not guest-only: it ends any current session itself (SPEC §2 External login).
        path: routes.externalLogin,
        ...lazyPage('ext-login', () =>
          import('../features/auth/external-login-page').then((m) => m.ExternalLoginPage),
        ),
      },
      { path: routes.forbidden, ...errorPage('ForbiddenPage') },
      { path: routes.unauthorized, ...errorPage('UnauthorizedPage') },
      { path: routes.notFound, ...errorPage('NotFoundPage') },
      // SPEC §2: the literal /dashboard is not the dashboard.
      { path: '/dashboard', ...errorPage('NotFoundPage') },
      {
        // The signed-in branch owns the query cache; lazy, so /login loads none of it.
        ...lazyPage('session', () => import('./session-root').then((m) => m.SessionRoot)),
        children: [
          {
            path: routes.logout,
            ...lazyPage('logout', () => import('../features/auth/logout-page').then((m) => m.LogoutPage)),
          },
          {
            ...lazyPage('session', () => import('./require-auth').then((m) => m.RequireAuth)),
            children: signedInRoutes(),
          },
        ],
      },
      { path: '*', ...errorPage('NotFoundPage') },
    ],
  },
];
