import { useEffect } from 'react';
import { AppShell, Box, Burger, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { isMobileView } from '../../shared/storage/mobile-view';
import { Copyright } from '../../shared/ui/copyright';
import { markLayoutDrawn } from '../lazy-screen';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './app-layout.module.css';

const HEADER_HEIGHT = 64;

/**
 * The signed-in frame (docs/product.md §2 Layout): header with logo and user menu, sidebar (a burger drawer on
 * small screens), content and footer. Mobile mode drops the sidebar (docs/product.md §1).
 */
export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const navigation = useNavigation();
  const mobile = isMobileView();

  // The drawer closes once the user picks a destination.
  useEffect(close, [location.pathname, location.search, close]);
  // From now on a screen's chunk is awaited before it opens (lazy-screen.tsx).
  useEffect(markLayoutDrawn, []);

  const burger = mobile ? null : (
    <Burger opened={navOpened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
  );

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={mobile ? undefined : { width: 272, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <AppShell.Header>
        <a href="#main-content" className={classes.skipLink}>
          Skip to content
        </a>
        {navigation.state === 'loading' && (
          <Progress
            value={100}
            animated
            size={3}
            radius={0}
            className={classes.progress}
            aria-label="Loading page"
          />
        )}
        <AppHeader burger={burger} />
      </AppShell.Header>
      {!mobile && (
        <AppShell.Navbar aria-label="Main navigation">
          <AppNavbar />
        </AppShell.Navbar>
      )}
      {/*
        AppShell.Main keeps the offsets of header and sidebar but renders a <div>: the page's <main>
        is the content box, so the footer beside it is the page's contentinfo landmark;
        inside <main> it was none. (AppShell.Main passes `component` on to its Box.)
      */}
      <AppShell.Main className={classes.main} {...({ component: 'div' } as object)}>
        <Box component="main" id="main-content" tabIndex={-1} className={classes.content}>
          <Outlet />
        </Box>
        <Box component="footer" className={classes.footer}>
          <Copyright />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
