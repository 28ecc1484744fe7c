import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BI_MESSAGES, MESSAGES, type ReportItem } from '@portal/contract';
import { formatDay } from '../format/dates';
import { itemLink } from './item-link';
import { NotOpenable, isOpenable } from './not-openable';
import classes from './reports.module.css';

const addedOn = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? MESSAGES.addedOn(formatDay(date)) : null;
};

/** Dashboard cards (docs/product.md §2): name and "Added on {MMM d, yyyy}"; TS-managed ones disabled. */
export function DashboardCards({
  dashboards,
  preview = false,
}: {
  dashboards: ReportItem[];
  preview?: boolean;
}) {
  if (dashboards.length === 0) return null;
  return (
    <SimpleGrid
      cols={preview ? { base: 1, lg: 2 } : { base: 1, sm: 2, lg: 3 }}
      spacing="md"
      mb="xl"
      component="ul"
      className={classes.plainList}
      aria-label="Dashboards"
    >
      {dashboards.map((item) => {
        const managed = item.managedBy === 'TS';
        const body = (
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" color={managed ? 'gray' : 'teal'}>
              <IconLayoutDashboard size={22} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={600}>
                {item.name}
                {managed && ` ${BI_MESSAGES.managedSuffix}`}
              </Text>
              <Text fz="sm" c="dimmed">
                {addedOn(item.createdAt)}
              </Text>
            </div>
          </Group>
        );
        return (
          <li key={item.id}>
            {managed || preview ? (
              <Card
                withBorder
                radius="md"
                padding="md"
                className={`${classes.dashboard} ${classes.disabled}`}
                aria-disabled
              >
                {body}
              </Card>
            ) : !isOpenable(item) ? (
              <NotOpenable item={item} className={`${classes.dashboard} ${classes.notOpenable}`}>
                <Card withBorder radius="md" padding="md" className={classes.disabled}>
                  {body}
                </Card>
              </NotOpenable>
            ) : (
              <Card
                component={Link}
                {...itemLink(item)}
                withBorder
                radius="md"
                padding="md"
                className={classes.dashboard}
              >
                {body}
              </Card>
            )}
          </li>
        );
      })}
    </SimpleGrid>
  );
}
