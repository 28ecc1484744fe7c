import { useState } from 'react';
import { Button, Group, Modal, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { MESSAGES, type OutboxMail } from '@portal/contract';
import { formatDayTime } from '../../shared/format/dates';
import { OutboxFrame } from './components/outbox-frame';
import { useOutbox } from './api/get-outbox';

const sentAt = (iso: string) => formatDayTime(iso, { seconds: true });

/**
 * /admin/mail-outbox (admins, outside production): without SMTP_URL the server keeps mails in an
 * outbox, so a person trying the product can still read reset links and security codes.
 */
export function MailOutboxPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const outbox = useOutbox(page);

  return (
    <>
      <OutboxFrame
        title="Mail Outbox"
        description="Mails the server kept instead of sending them (no SMTP server configured)."
        query={outbox}
      >
        {(data) => (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table highlightOnHover verticalSpacing="sm" aria-label="Mails">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Sent at</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text c="dimmed" ta="center" py="md">
                          {MESSAGES.noRecords}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {data.data.map((mail) => (
                    <Table.Tr key={mail.id}>
                      <Table.Td>{mail.to}</Table.Td>
                      <Table.Td>{mail.subject}</Table.Td>
                      <Table.Td>{sentAt(mail.createdAt)}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="light" onClick={() => setOpen(mail)}>
                          View
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.meta.last_page > 1 && (
              <Group justify="flex-end" mt="md">
                <Pagination total={data.meta.last_page} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </OutboxFrame>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg" centered>
        {open && (
          <>
            <Text fz="sm" c="dimmed" mb="sm">
              To {open.to} · {sentAt(open.createdAt)}
            </Text>
            <ScrollArea.Autosize mah="60vh">
              <Text component="pre" fz="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {open.text}
              </Text>
            </ScrollArea.Autosize>
          </>
        )}
      </Modal>
    </>
  );
}
