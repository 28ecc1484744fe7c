import type { ReactNode } from 'react';
import { Box, Center, Stack } from '@mantine/core';
import { BrandLogo } from './brand-logo';
import { Copyright } from './copyright';
import classes from './centered-shell.module.css';

type CenteredShellProps = { children: ReactNode; width?: number };

/** Frame of the screens outside the app layout: sign-in and its siblings, error pages. */
export function CenteredShell({ children, width = 420 }: CenteredShellProps) {
  return (
    <Box className={classes.root}>
      <Center component="main" className={classes.main}>
        <Stack w="100%" maw={width} gap="xl" align="stretch">
          <Center>
            <BrandLogo height={40} />
          </Center>
          {children}
        </Stack>
      </Center>
      <Center component="footer" py="md">
        <Copyright />
      </Center>
    </Box>
  );
}
