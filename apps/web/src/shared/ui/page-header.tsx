import type { ReactNode } from 'react';
import { Anchor, Box, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { isMobileView } from '../storage/mobile-view';
import { usePageTitle } from './use-page-title';

export type Crumb = { label: string; to?: string };

type PageHeaderProps = {
  title: string;
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
};

/** Title and breadcrumb bar of a screen. Mobile mode hides it (docs/product.md §1); the tab title stays. */
export function PageHeader({ title, breadcrumbs, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  if (isMobileView()) return null;
  return (
    <Box component="header" mb="xl">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs mb={6} separatorMargin={6} fz="sm" aria-label="Breadcrumb">
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} c="dimmed">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} fz="sm" c="dimmed" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz={28} fw={700} lts={-0.3}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Box>
  );
}
