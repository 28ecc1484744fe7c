import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { SSO_MESSAGES, type SsoProvider } from '@portal/contract';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { PageHeader } from '../../shared/ui/page-header';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { showToast } from '../../shared/ui/toast';
import { useDeleteSsoProvider } from './api/delete-sso-provider';
import { useSsoProviders } from './api/get-sso-providers';
import { ProviderFormModal } from './components/provider-form-modal';
import { ProviderLinks } from './components/provider-links';

/**
 * /admin/sso: identity providers for single sign-on (docs/decisions/0043-single-sign-on.md): who
 * they serve, what new users get, whether password sign-in is refused for their domains, and the
 * users linked to them.
 */
export function SsoPage() {
  const providers = useSsoProviders();
  const remove = useDeleteSsoProvider();
  const [editing, setEditing] = useState<SsoProvider | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SsoProvider | null>(null);
  const [showLinks, setShowLinks] = useState<number | null>(null);

  return (
    <>
      <PageHeader
        title="Single sign-on"
        breadcrumbs={[{ label: 'Admin' }, { label: 'Single sign-on' }]}
        description="Identity providers (OpenID Connect) your users can sign in with."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add identity provider
          </Button>
        }
      />
      {providers.isPending && <Loader type="dots" />}
      {providers.isError && (
        <RetryAlert
          message={providers.error.message}
          retrying={providers.isFetching}
          onRetry={() => void providers.refetch()}
        />
      )}
      {providers.data?.length === 0 && <Text c="dimmed">No identity provider is configured.</Text>}
      <Stack gap="md">
        {providers.data?.map((provider) => (
          <Card key={provider.id} withBorder radius="md" padding="lg" aria-label={provider.name}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
                <Group gap="xs">
                  <Title order={2} fz="lg">
                    {provider.name}
                  </Title>
                  <Badge color={provider.enabled ? 'teal.9' : 'gray.8'} variant="filled">
                    {provider.enabled ? 'Enabled' : 'Disabled'}
                  </Badge>
                  {provider.sso_required && (
                    <Badge color="red.9" variant="filled">
                      SSO required
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {provider.issuer}
                </Text>
                <Group gap={6}>
                  {provider.domains.map((domain) => (
                    <Badge key={domain} variant="outline" color="dark" tt="none">
                      {domain}
                    </Badge>
                  ))}
                </Group>
                <Text fz="sm">
                  {provider.create_users ? 'Creates users on first sign-in' : 'Existing users only'} ·{' '}
                  {provider.links} linked {provider.links === 1 ? 'user' : 'users'}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setShowLinks(showLinks === provider.id ? null : provider.id)}
                >
                  {showLinks === provider.id ? 'Hide users' : 'Linked users'}
                </Button>
                <Button variant="default" size="xs" onClick={() => setEditing(provider)}>
                  Edit
                </Button>
                <Button variant="light" color="red" size="xs" onClick={() => setDeleting(provider)}>
                  Delete
                </Button>
              </Group>
            </Group>
            {showLinks === provider.id && (
              <Card.Section withBorder inheritPadding py="sm" mt="md">
                <ProviderLinks providerId={provider.id} />
              </Card.Section>
            )}
          </Card>
        ))}
      </Stack>
      {editing && (
        <ProviderFormModal provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete identity provider"
        message={`Are you sure you want to delete ${deleting?.name ?? ''}?`}
        pending={remove.isPending ? 'Delete' : null}
        actions={[
          {
            label: 'Delete',
            color: 'red',
            onConfirm: () =>
              deleting &&
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  showToast({ color: 'green', message: SSO_MESSAGES.providerDeleted });
                  setDeleting(null);
                },
              }),
          },
        ]}
        onClose={() => setDeleting(null)}
      >
        <Text fz="sm" c="dimmed">
          Its links to users go too; its users keep their portal accounts.
        </Text>
      </ConfirmDialog>
    </>
  );
}
