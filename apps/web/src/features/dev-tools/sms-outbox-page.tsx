import { Table, Text } from '@mantine/core';
import { MESSAGES, SMS_OUTBOX_MESSAGES } from '@portal/contract';
import { ApiError } from '../../shared/api/api-error';
import { formatDayTime } from '../../shared/format/dates';
import { OutboxFrame } from './components/outbox-frame';
import { useSmsOutbox } from './api/get-sms-outbox';

/**
 * /admin/sms-outbox (admins, outside production): the texts the SMS gateway holds — in development
 * its simulator — so a person trying the product reads the security codes sent to phones
 * (docs/decisions/0037-security-codes-by-sms.md).
 */
export function SmsOutboxPage() {
  const outbox = useSmsOutbox();
  const noGateway = outbox.error instanceof ApiError && outbox.error.status === 404;

  return (
    <OutboxFrame
      title="SMS Outbox"
      description="Texts the SMS gateway holds, newest first (the built-in simulator when SMS_URL is unset)."
      query={outbox}
      failure={noGateway ? { color: 'blue', message: SMS_OUTBOX_MESSAGES.noGateway } : null}
    >
      {(data) => (
        // Two columns, the time under the number: the code in the message stays readable at 390 px.
        <Table.ScrollContainer minWidth={300}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Texts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>To</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2}>
                    <Text c="dimmed" ta="center" py="md">
                      {MESSAGES.noRecords}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.map((sms) => (
                <Table.Tr key={sms.sid}>
                  <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {sms.to}
                    <Text fz="xs" c="dimmed">
                      {formatDayTime(sms.createdAt, { seconds: true })}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{sms.body}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </OutboxFrame>
  );
}
