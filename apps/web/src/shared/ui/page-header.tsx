import type { ReactNode } from 'react';
import { Anchor, Box, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
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

/**
 * Title and breadcrumb bar of a screen. Mobile mode hides it (docs/product.md §1); the tab title
 * stays. A screen below another one (a folder of NS BI) keeps a compact bar there: without the
 * sidebar it had no title and no way back.
 */
export function PageHeader({ title, breadcrumbs, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  if (isMobileView()) return <MobileBackBar title={title} breadcrumbs={breadcrumbs} />;
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

/** Mobile mode: the screen's parent (its last linked crumb past the dashboard) and its title. */
function MobileBackBar({ title, breadcrumbs = [] }: { title: string; breadcrumbs?: Crumb[] }) {
  const parent = breadcrumbs.slice(1).findLast((crumb) => crumb.to);
  if (!parent?.to) return null;
  return (
    <Box component="header" mb="md">
      <Anchor component={Link} to={parent.to} fz="sm" c="dimmed">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft size={14} aria-hidden />
          {parent.label}
        </Group>
      </Anchor>
      <Title order={1} fz={22} fw={700} mt={4}>
        {title}
      </Title>
    </Box>
  );
}
