import { Table } from '@mantine/core';
import type { ActiveSession } from '@portal/contract';
import { formatAgo, formatDayTime } from '../../../shared/format/dates';
import { SessionDevice } from './session-device';

/** The sessions on a screen wide enough for a table (a phone lists them: sessions-card.tsx). */
export function SessionsTable({ sessions }: { sessions: ActiveSession[] }) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" aria-label="Active sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Device</Table.Th>
            <Table.Th>IP address</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>
                <SessionDevice session={session} />
              </Table.Td>
              <Table.Td>{session.ip ?? '—'}</Table.Td>
              <Table.Td>{formatDayTime(session.signedInAt)}</Table.Td>
              <Table.Td title={formatDayTime(session.lastActiveAt)}>
                {formatAgo(session.lastActiveAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
