import type { ReactNode } from 'react';
import { AppShell, NavLink, Text } from '@mantine/core';
import {
  IconApps,
  IconCode,
  IconCpu,
  IconExternalLink,
  IconFileText,
  IconMail,
  IconMessage,
  IconShieldLock,
  IconTerminal2,
  IconChartHistogram,
  IconHistory,
  IconKey,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DEVELOPER_RESOURCE_ROLE_IDS, ROLE_IDS, hasRole } from '@portal/contract';
import { useResourceLinks } from '../../shared/api/get-resource-links';
import { RELEASE_LABEL, isProduction } from '../../shared/config/env';
import { routes } from '../../shared/routes';
import { useCurrentUser } from '../../shared/session/session-store';
import classes from './app-navbar.module.css';

const icon = (Icon: typeof IconApps) => <Icon size={18} stroke={1.7} aria-hidden />;

function RouteLink({
  label,
  to,
  active,
  leftSection,
}: {
  label: string;
  to: string;
  active: boolean;
  leftSection?: ReactNode;
}) {
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      leftSection={leftSection}
      aria-current={active ? 'page' : undefined}
      className={classes.link}
    />
  );
}

/**
 * A group that is a page too (Software, Hardware: docs/product.md §1 routes software, hardware): its
 * label opens the page, its entries stay shown (a click used to fold them instead).
 */
function PageGroup({
  label,
  to,
  active,
  leftSection,
  children,
}: {
  label: string;
  to: string;
  active: boolean;
  leftSection: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    // A NavLink with entries cancels its own link's click (it folds instead): navigate here; the
    // href still serves a new tab, and `opened` keeps the entries shown.
    <NavLink
      component={Link}
      to={to}
      onClick={() => void navigate(to)}
      label={label}
      active={active}
      leftSection={leftSection}
      aria-current={active ? 'page' : undefined}
      opened
      className={classes.link}
    >
      {children}
    </NavLink>
  );
}

/** A page outside the SPA, in a new tab; not shown while its target is unknown or off (null). */
function ExternalLink({ label, href }: { label: string; href: string | null | undefined }) {
  if (!href) return null;
  return (
    <NavLink
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      label={label}
      rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
      className={classes.link}
    />
  );
}

/** Sidebar of docs/product.md §2 Layout; Developer Resources for admin/developer, Admin for admins only. */
export function AppNavbar() {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const blocked = new URLSearchParams(search).has('blocked');
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const isAdmin = user ? hasRole(user, [ROLE_IDS.admin]) : false;
  const isDeveloper = user ? hasRole(user, DEVELOPER_RESOURCE_ROLE_IDS) : false;
  // The BI Designer and API Docs links are the server's configuration (GET resource-links), as the
  // frames are: a production server names its BI server, and says when the docs UI is off.
  const links = useResourceLinks({ enabled: isAdmin || isDeveloper });

  return (
    <>
      {/* The browser's own scrolling (thin, as Mantine's ScrollArea drew it): ScrollArea's code
          is not needed to draw every screen (decision 0028). */}
      <AppShell.Section grow p="sm" className={classes.links}>
        <RouteLink
          label="Applications"
          to={routes.dashboard}
          active={pathname === routes.dashboard}
          leftSection={icon(IconApps)}
        />

        {isDeveloper && (
          <NavLink
            label="Developer Resources"
            leftSection={icon(IconCode)}
            defaultOpened
            className={classes.link}
          >
            <PageGroup
              label="Software"
              to={routes.software}
              active={pathname === routes.software}
              leftSection={icon(IconFileText)}
            >
              <RouteLink label="API Summary" to={routes.apiSummary} active={under(routes.apiSummary)} />
              <ExternalLink label="API Docs" href={links.data?.apiDocs} />
            </PageGroup>
            <PageGroup
              label="Hardware"
              to={routes.hardware}
              active={pathname === routes.hardware}
              leftSection={icon(IconCpu)}
            >
              <RouteLink
                label="Gen 3/Gen4 Specs"
                to={routes.gen3Gen4Specs}
                active={under(routes.gen3Gen4Specs)}
              />
            </PageGroup>
          </NavLink>
        )}

        {isAdmin && (
          <NavLink label="Admin" leftSection={icon(IconShieldLock)} defaultOpened className={classes.link}>
            <NavLink label="Users" leftSection={icon(IconUsers)} defaultOpened className={classes.link}>
              <RouteLink label="All Users" to={routes.users} active={pathname === routes.users && !blocked} />
              <RouteLink
                label="Blocked Users"
                to={routes.usersBlocked}
                active={pathname === routes.users && blocked}
              />
            </NavLink>
            <RouteLink
              label="NS BI usage"
              to={routes.usage}
              active={pathname === routes.usage}
              leftSection={icon(IconChartHistogram)}
            />
            <RouteLink
              label="Audit log"
              to={routes.auditLog}
              active={pathname === routes.auditLog}
              leftSection={icon(IconHistory)}
            />
            <RouteLink
              label="Single sign-on"
              to={routes.sso}
              active={pathname === routes.sso}
              leftSection={icon(IconKey)}
            />
            <NavLink label="Tools" leftSection={icon(IconTool)} defaultOpened className={classes.link}>
              <RouteLink label="All Tools" to={routes.tools} active={under(routes.tools)} />
              <ExternalLink label="BI Designer" href={links.data?.biDesigner} />
            </NavLink>
            <RouteLink
              label="Dev Tools"
              to={routes.test}
              active={pathname === routes.test}
              leftSection={icon(IconTerminal2)}
            />
            {!isProduction && (
              <>
                <RouteLink
                  label="Mail Outbox"
                  to={routes.mailOutbox}
                  active={pathname === routes.mailOutbox}
                  leftSection={icon(IconMail)}
                />
                <RouteLink
                  label="SMS Outbox"
                  to={routes.smsOutbox}
                  active={pathname === routes.smsOutbox}
                  leftSection={icon(IconMessage)}
                />
              </>
            )}
          </NavLink>
        )}
      </AppShell.Section>
      <AppShell.Section className={classes.footer}>
        <Text fz="xs" c="dimmed">
          {RELEASE_LABEL}
        </Text>
      </AppShell.Section>
    </>
  );
}
