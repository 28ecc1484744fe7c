import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { createColumnHelper } from '../../../shared/ui/data-table/columns';
import { generatePath, Link } from 'react-router';
import type { NsbiUserItems } from '@portal/contract';
import { routes } from '../../../shared/routes';
import { LightTooltip } from '../../../shared/ui/light-tooltip';

const column = createColumnHelper<NsbiUserItems>();

/** A few item names as badges, then "+N more": the table stays one line per user. */
function ItemBadges({ items, color }: { items: Array<{ id: string; name: string }>; color: string }) {
  if (items.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        None
      </Text>
    );
  const shown = items.slice(0, 3);
  return (
    <Group gap={4}>
      {shown.map((item) => (
        <Badge key={item.id} variant="light" color={color} radius="sm" tt="none" fw={500}>
          {item.name}
        </Badge>
      ))}
      {items.length > shown.length && (
        <LightTooltip
          label={items
            .slice(3)
            .map((i) => i.name)
            .join(', ')}
          multiline
          maw={320}
        >
          <Badge variant="outline" color="gray" radius="sm" tt="none" tabIndex={0}>
            +{items.length - shown.length} more
          </Badge>
        </LightTooltip>
      )}
    </Group>
  );
}

/** Users NSBI Dashboards: each NSBI user with their project, dashboards and reports (sorted on the server). */
export const NSBI_USERS_COLUMNS = [
  column.accessor('id', { header: 'ID' }),
  column.accessor('name', {
    header: 'Name',
    cell: ({ getValue }) => (
      <Text fz="sm" fw={600}>
        {getValue()}
      </Text>
    ),
  }),
  column.accessor('email', { header: 'Email' }),
  column.display({
    id: 'project',
    header: 'Project',
    cell: ({ row }) =>
      row.original.project ? (
        (row.original.project.name ?? row.original.project.projectId)
      ) : (
        <Text fz="sm" c="dimmed">
          None
        </Text>
      ),
  }),
  column.display({
    id: 'dashboards',
    header: 'Dashboards',
    cell: ({ row }) =>
      row.original.unavailable ? (
        <Text fz="sm" c="orange.8">
          BI server not answering
        </Text>
      ) : (
        <ItemBadges items={row.original.dashboards} color="teal" />
      ),
  }),
  column.display({
    id: 'reports',
    header: 'Reports',
    cell: ({ row }) =>
      row.original.unavailable ? null : <ItemBadges items={row.original.reports} color="indigo" />,
  }),
  column.display({
    id: 'actions',
    header: 'Access',
    cell: ({ row }) => (
      <LightTooltip label="Report access">
        <ActionIcon
          component={Link}
          to={generatePath(routes.usersReports, { id: String(row.original.id) })}
          variant="subtle"
          aria-label={`Report access for ${row.original.name}`}
        >
          <IconChartBar size={18} aria-hidden />
        </ActionIcon>
      </LightTooltip>
    ),
  }),
];
