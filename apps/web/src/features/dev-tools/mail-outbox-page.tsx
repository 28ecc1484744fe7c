import { useState } from 'react';
import { Alert, Button, Group, Modal, Pagination, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { MESSAGES, type OutboxMail } from '@portal/contract';
import { formatDayTime } from '../../shared/format/dates';
import { routes } from '../../shared/routes';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoader } from '../../shared/ui/page-loader';
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
      <PageHeader
        title="Mail Outbox"
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'Mail Outbox' }]}
        description="Mails the server kept instead of sending them (no SMTP server configured)."
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void outbox.refetch()}
            loading={outbox.isFetching}
          >
            Refresh
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md">
        {outbox.isPending ? (
          <PageLoader />
        ) : outbox.isError ? (
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.dataFetchFailed} {outbox.error.message}
          </Alert>
        ) : (
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
                  {outbox.data.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Text c="dimmed" ta="center" py="md">
                          {MESSAGES.noRecords}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {outbox.data.data.map((mail) => (
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
            {outbox.data.meta.last_page > 1 && (
              <Group justify="flex-end" mt="md">
                <Pagination total={outbox.data.meta.last_page} value={page} onChange={setPage} />
              </Group>
            )}
          </>
        )}
      </Paper>
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
