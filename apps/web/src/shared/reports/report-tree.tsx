import { useState } from 'react';
import { Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import {
  IconChartArea,
  IconChartBar,
  IconChartLine,
  IconChartPie,
  IconChevronRight,
  IconFolder,
  IconLayoutDashboard,
  IconLink,
  IconLock,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { BI_MESSAGES, type ReportItem } from '@portal/contract';
import type { ReportTreeNode } from './report-tree-data';
import { itemLink } from './item-link';
import { NotOpenable, isOpenable } from './not-openable';
import classes from './report-tree.module.css';

/** docs/product.md §3: an icon per type — dashboard, pie, line, link, bar — and an area chart otherwise. */
const TYPE_ICONS: Record<string, typeof IconChartArea> = {
  dashboard: IconLayoutDashboard,
  pie: IconChartPie,
  line: IconChartLine,
  link: IconLink,
  bar: IconChartBar,
  // The other view modes of docs/product.md §1; an advanced report keeps the area chart.
  expressview: IconChartPie,
  crosstab: IconChartBar,
  chainedview: IconLink,
};

function ItemLeaf({ item, preview }: { item: ReportItem; preview: boolean }) {
  const Icon = TYPE_ICONS[item.type] ?? IconChartArea;
  const icon = <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />;
  if (item.managedBy === 'TS') {
    return (
      <Group gap={8} wrap="nowrap" c="dimmed" className={classes.row} aria-disabled>
        {icon}
        <Text fz="sm" c="dimmed">
          {item.name} {BI_MESSAGES.managedSuffix}
        </Text>
      </Group>
    );
  }
  if (preview) {
    return (
      <Group gap={8} wrap="nowrap" className={classes.row}>
        {icon}
        <Text fz="sm">{item.name}</Text>
      </Group>
    );
  }
  if (!isOpenable(item)) {
    return (
      <NotOpenable item={item} className={`${classes.row} ${classes.notOpenable}`}>
        <Group gap={8} wrap="nowrap">
          {icon}
          <Text fz="sm" c="dimmed" span>
            {item.name}
          </Text>
          <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
      </NotOpenable>
    );
  }
  return (
    <Anchor
      component={Link}
      {...itemLink(item)}
      fz="sm"
      c="inherit"
      className={classes.row}
      underline="hover"
    >
      <Group gap={8} wrap="nowrap">
        {icon}
        <span>{item.name}</span>
      </Group>
    </Anchor>
  );
}

function FolderBranch({
  node,
  preview,
}: {
  node: Extract<ReportTreeNode, { kind: 'folder' }>;
  preview: boolean;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} className={classes.row}>
        <Group gap={6} wrap="nowrap">
          <IconChevronRight size={14} aria-hidden className={open ? classes.chevronOpen : classes.chevron} />
          <IconFolder size={18} aria-hidden />
          <Text fz="sm" fw={600}>
            {node.name}
          </Text>
        </Group>
      </UnstyledButton>
      {open && <Branch nodes={node.children} nested preview={preview} />}
    </>
  );
}

function Branch({
  nodes,
  nested = false,
  preview,
}: {
  nodes: ReportTreeNode[];
  nested?: boolean;
  preview: boolean;
}) {
  return (
    <Box component="ul" className={nested ? classes.nested : classes.list}>
      {nodes.map((node) => (
        <li key={node.key}>
          {node.kind === 'folder' ? (
            <FolderBranch node={node} preview={preview} />
          ) : (
            <ItemLeaf item={node.item} preview={preview} />
          )}
        </li>
      ))}
    </Box>
  );
}

/** The report list as a tree of folders (each opens and closes) and items (each opens its view). */
export function ReportTree({
  nodes,
  label,
  preview = false,
}: {
  nodes: ReportTreeNode[];
  label: string;
  preview?: boolean;
}) {
  if (nodes.length === 0) return null;
  return (
    <nav aria-label={label}>
      <Branch nodes={nodes} preview={preview} />
    </nav>
  );
}
