import { Anchor, Code, Text } from '@mantine/core';
import { createColumnHelper } from '../../../shared/ui/data-table/columns';
import { Link } from 'react-router';
import type { AuditEntry } from '@portal/contract';
import { formatTimestamp } from '../../../shared/format/dates';
import { routes } from '../../../shared/routes';

const column = createColumnHelper<AuditEntry>();

/** A person of an entry, linked to that person's own activity (the screen filtered by actor). */
function Person({
  person,
  filter,
}: {
  person: { id: number; name: string | null };
  filter: 'actor' | 'target';
}) {
  return (
    <Anchor component={Link} to={`${routes.auditLog}?${filter}=${person.id}`} fz="sm">
      {person.name ?? 'Deleted user'}{' '}
      <Text span c="dimmed" fz="xs">
        #{person.id}
      </Text>
    </Anchor>
  );
}

/** The columns of the audit log: when, who, what, whom, from where (docs/product.md has no such screen). */
export const AUDIT_COLUMNS = [
  column.accessor('at', {
    id: 'at',
    header: 'When',
    cell: (info) => formatTimestamp(info.getValue()),
  }),
  column.accessor('actor', {
    id: 'actor',
    header: 'Who',
    cell: (info) => {
      const actor = info.getValue();
      return actor ? (
        <Person person={actor} filter="actor" />
      ) : (
        <Text c="dimmed" fz="sm">
          Anonymous
        </Text>
      );
    },
  }),
  column.accessor('action', {
    id: 'action',
    header: 'What',
    cell: (info) => <Code>{info.getValue()}</Code>,
  }),
  column.display({
    id: 'target',
    header: 'Whom',
    cell: ({ row: { original: entry } }) => {
      if (entry.target_type === 'user' && entry.target_id !== null && /^\d+$/.test(entry.target_id))
        return <Person person={{ id: Number(entry.target_id), name: entry.target_name }} filter="target" />;
      if (entry.target_type === null) return null;
      return (
        <Text fz="sm">
          {entry.target_type}
          {entry.target_id !== null && ` ${entry.target_id}`}
        </Text>
      );
    },
  }),
  column.accessor('ip', { id: 'ip', header: 'IP', cell: (info) => info.getValue() ?? '' }),
];
