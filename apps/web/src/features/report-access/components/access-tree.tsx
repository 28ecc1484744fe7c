import { useState } from 'react';
import { ActionIcon, Box, Checkbox, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { BI_MESSAGES, type ReportTreeNode } from '@portal/contract';
import classes from './access-tree.module.css';

/** The leaves below a node that an admin may grant (not the TS-managed ones). */
export function grantableLeaves(node: ReportTreeNode): string[] {
  if (node.isLeaf) return node.managedBy === 'TS' ? [] : [node.id];
  return node.children.flatMap(grantableLeaves);
}

type AccessTreeProps = {
  nodes: ReportTreeNode[];
  selected: ReadonlySet<string>;
  onChange: (ids: string[], on: boolean) => void;
  disabled?: boolean;
};

function Node({
  node,
  selected,
  onChange,
  disabled,
}: { node: ReportTreeNode } & Omit<AccessTreeProps, 'nodes'>) {
  const [open, setOpen] = useState(true);
  if (node.isLeaf) {
    const managed = node.managedBy === 'TS';
    return (
      <Checkbox
        className={classes.row}
        label={managed ? `${node.name} ${BI_MESSAGES.managedSuffix}` : node.name}
        description={node.type === 'dashboard' ? 'Dashboard' : 'Report'}
        checked={managed || selected.has(node.id)}
        disabled={managed || disabled}
        onChange={(event) => onChange([node.id], event.currentTarget.checked)}
      />
    );
  }
  const leaves = grantableLeaves(node);
  const on = leaves.filter((id) => selected.has(id)).length;
  const all = leaves.length > 0 && on === leaves.length;
  return (
    <>
      <Group gap={4} wrap="nowrap" className={classes.row}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-label={`${open ? 'Close' : 'Open'} ${node.name}`}
        >
          <IconChevronRight size={14} aria-hidden className={open ? classes.open : classes.closed} />
        </ActionIcon>
        <Checkbox
          label={
            <Text fw={600} fz="sm" span>
              {node.name}
            </Text>
          }
          checked={all}
          indeterminate={on > 0 && !all}
          disabled={disabled || leaves.length === 0}
          onChange={() => onChange(leaves, !all)}
        />
      </Group>
      {open && (
        <Branch nodes={node.children} selected={selected} onChange={onChange} disabled={disabled} nested />
      )}
    </>
  );
}

function Branch({ nodes, nested = false, ...rest }: AccessTreeProps & { nested?: boolean }) {
  return (
    <Box component="ul" className={nested ? classes.nested : classes.list}>
      {nodes.map((node) => (
        <li key={node.id}>
          <Node node={node} {...rest} />
        </li>
      ))}
    </Box>
  );
}

/**
 * Report access as a tree of checkboxes: a folder ticks or clears its whole subtree and
 * shows indeterminate when partly ticked; items Tattle Systems manages stay ticked and read-only.
 */
export function AccessTree(props: AccessTreeProps) {
  return (
    <div role="group" aria-label="Dashboards and reports">
      <Branch {...props} />
    </div>
  );
}
