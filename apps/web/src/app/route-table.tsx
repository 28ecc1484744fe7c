import { Navigate, type RouteObject } from 'react-router';
import type * as FramedPages from './framed-pages';
import { DEVELOPER_RESOURCE_ROLE_IDS, ROLE_IDS } from '@portal/contract';
import { isProduction } from '../shared/config/env';
import { routes } from '../shared/routes';
import { rememberMobileTarget } from '../shared/storage/mobile-view';
import { PageLoader } from '../shared/ui/page-loader';
import { GuestOnly, RequireNsbi, RequireRole } from './guards';
import { lazyPage } from './lazy-page';
import { lazyScreen } from './lazy-screen';
import { screenData } from './prefetch';
import { RouteErrorBoundary } from './route-error-boundary';
import { SignInRoute } from './sign-in-route';

/** Settings of yourself (/settings), of another user for admins (navigation state or /admin/users/{id}/settings). */
const settingsPage = lazyScreen('settings', () =>
  import('../features/settings/settings-page').then((m) => m.SettingsPage),
);

/** NS BI and one of its folders: the same screen (its own chunk: not on /login's bill). */
const reportsPage = {
  ...lazyScreen('reports', () => import('../features/reports/reports-page').then((m) => m.ReportsPage)),
  ...screenData('reports'),
};

type FramedPageName = Exclude<keyof typeof FramedPages, 'DesignerPage'>;
/** A screen of Developer Resources, Tools or Analysis: one chunk for all of them (framed-pages.ts). */
const framedPage = (name: FramedPageName) =>
  lazyScreen('framed', () => import('./framed-pages').then((m) => m[name]));
const designer = (demo: boolean) =>
  lazyScreen('framed', async () => {
    const { DesignerPage } = await import('./framed-pages');
    return function DesignerRoute() {
      return <DesignerPage demo={demo} />;
    };
  });

const errorPage = (name: 'NotFoundPage' | 'ForbiddenPage' | 'UnauthorizedPage') =>
  lazyPage('errors', () => import('../features/errors').then((m) => m[name]));

/** Sign-in and its siblings: signed-in users are sent to the dashboard (docs/product.md §2 Access rules). */
const guestRoutes = (): RouteObject[] => [
  {
    path: routes.login,
    // The mobile app enters with ?target=mobile-app, even when already signed in (docs/product.md §1).
    loader: ({ request }) => {
      rememberMobileTarget(new URL(request.url));
      return null;
    },
    // In the entry, not lazy: sessions live in the tab (decision 0003), so nearly every first load
    // of the portal is /login, and a lazy screen would cost its first paint one more round trip.
    Component: SignInRoute,
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
  // docs/product.md §2 names /admin but shows nothing of its own: it opens the users list.
  { path: routes.admin, element: <Navigate to={routes.users} replace /> },
  {
    // Users and Blocked Users (?blocked); Create/Edit User are modals over the list.
    path: routes.users,
    ...lazyScreen('users', () => import('../features/users/users-page').then((m) => m.UsersPage)),
    ...screenData('users'),
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
  {
    path: routes.usersReports,
    ...lazyScreen('report-access', () =>
      import('../features/report-access/report-access-page').then((m) => m.ReportAccessPage),
    ),
  },
  { path: routes.usersSettings, ...settingsPage },
  {
    path: routes.usersConnectReports,
    ...lazyScreen('connect-reports', () =>
      import('../features/users/connect-reports-page').then((m) => m.ConnectReportsPage),
    ),
  },
  {
    path: routes.usersDundasReports,
    ...lazyScreen('nsbi-dashboards', () =>
      import('../features/users/nsbi-dashboards-page').then((m) => m.NsbiDashboardsPage),
    ),
  },
  {
    path: routes.usage,
    ...lazyScreen('usage', () => import('../features/usage/usage-page').then((m) => m.UsagePage)),
  },
  {
    path: routes.auditLog,
    ...lazyScreen('audit-log', () => import('../features/audit/audit-log-page').then((m) => m.AuditLogPage)),
    ...screenData('auditLog'),
  },
  {
    path: routes.sso,
    ...lazyScreen('sso', () => import('../features/sso/sso-page').then((m) => m.SsoPage)),
  },
  { path: routes.tools, ...framedPage('ToolsPage') },
  { path: routes.biDesigner, ...designer(false) },
  { path: routes.biDemoDesigner, ...designer(true) },
  ...(isProduction
    ? []
    : [
        {
          path: routes.mailOutbox,
          ...lazyScreen('dev-tools', () =>
            import('../features/dev-tools/mail-outbox-page').then((m) => m.MailOutboxPage),
          ),
        },
        {
          path: routes.smsOutbox,
          ...lazyScreen('dev-tools', () =>
            import('../features/dev-tools/sms-outbox-page').then((m) => m.SmsOutboxPage),
          ),
        },
      ]),
];

const developerRoutes = (): RouteObject[] => [
  { path: routes.developerResources, ...framedPage('DeveloperResourcesPage') },
  { path: routes.software, ...framedPage('SoftwarePage') },
  { path: routes.hardware, ...framedPage('HardwarePage') },
  { path: routes.apiSummary, ...framedPage('ApiSummaryPage') },
  { path: routes.t3Lite, ...framedPage('T3LitePage') },
  { path: routes.gen3Gen4Specs, ...framedPage('Gen3Gen4SpecsPage') },
];

/** Screens inside the sidebar layout. */
const layoutRoutes = (): RouteObject[] => [
  {
    index: true,
    // With the shell (vite.config.ts): no wait of its own to draw the layout before.
    ...lazyPage('applications', () =>
      import('../features/applications/applications-page').then((m) => m.ApplicationsPage),
    ),
    ...screenData('applications'),
  },
  {
    element: <RequireNsbi />,
    children: [
      { path: routes.reports, ...reportsPage },
      { path: routes.reports_folder, ...reportsPage },
    ],
  },
  { path: routes.analysis, ...framedPage('AnalysisPage') },
  {
    path: routes.profile,
    ...lazyScreen('profile', () => import('../features/profile/profile-page').then((m) => m.ProfilePage)),
    ...screenData('profile'),
  },
  { path: routes.settings, ...settingsPage },
  {
    path: routes.test,
    ...lazyScreen('test', () => import('../features/dev-tools/test-page').then((m) => m.TestPage)),
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
  // Report details has no sidebar layout (docs/product.md §2).
  {
    element: <RequireNsbi />,
    children: [
      {
        path: routes.report_details,
        ...lazyPage('report-details', () =>
          import('../features/reports/report-details-page').then((m) => m.ReportDetailsPage),
        ),
        ...screenData('reportDetails'),
      },
    ],
  },
];

/**
 * Route table by docs/product.md §2 names (paths in shared/routes.ts). Screens load lazily so /login ships only
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
        // Not guest-only: it ends any current session itself (docs/product.md §2 External login).
        path: routes.externalLogin,
        ...lazyPage('ext-login', () =>
          import('../features/auth/external-login-page').then((m) => m.ExternalLoginPage),
        ),
      },
      {
        // Not guest-only: whoever comes back from the identity provider is signed in as that person.
        path: routes.ssoCallback,
        ...lazyPage('sso-callback', () =>
          import('../features/auth/sso-callback-page').then((m) => m.SsoCallbackPage),
        ),
      },
      { path: routes.forbidden, ...errorPage('ForbiddenPage') },
      { path: routes.unauthorized, ...errorPage('UnauthorizedPage') },
      { path: routes.notFound, ...errorPage('NotFoundPage') },
      // docs/product.md §2: the literal /dashboard is not the dashboard.
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
