import { Table, VisuallyHidden } from '@mantine/core';
import type { Passkey } from '@portal/contract';
import { formatDayTime } from '../../../shared/format/dates';
import { PasskeyActions, PasskeyName, lastUsed, type PasskeyActionHandlers } from './passkey-parts';

/** The passkeys on a screen wide enough for a table (a phone lists them: passkeys-card.tsx). */
export function PasskeysTable({ passkeys, ...actions }: PasskeyActionHandlers & { passkeys: Passkey[] }) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" aria-label="Passkeys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.map((passkey) => (
            <Table.Tr key={passkey.id}>
              <Table.Td>
                <PasskeyName passkey={passkey} />
              </Table.Td>
              <Table.Td>{formatDayTime(passkey.createdAt)}</Table.Td>
              <Table.Td title={passkey.lastUsedAt ? formatDayTime(passkey.lastUsedAt) : undefined}>
                {lastUsed(passkey)}
              </Table.Td>
              <Table.Td>
                <PasskeyActions passkey={passkey} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
