import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ROLE_IDS,
  SSO_MESSAGES,
  saveSsoProviderRequestSchema,
  type SaveSsoProviderForm,
  type SsoProvider,
} from '@portal/contract';
import { FormError } from '../../../shared/forms/form-error';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useAvailableRoles } from '../../../shared/users/api/get-available-roles';
import { showToast } from '../../../shared/ui/toast';
import { useSaveSsoProvider } from '../api/save-sso-provider';

const blank: SaveSsoProviderForm = {
  name: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  domains: [],
  role_id: ROLE_IDS.customer,
  create_users: false,
  sso_required: false,
  enabled: true,
};

const valuesOf = (provider: SsoProvider): SaveSsoProviderForm => ({
  name: provider.name,
  issuer: provider.issuer,
  client_id: provider.client_id,
  client_secret: '',
  domains: provider.domains,
  role_id: provider.role_id,
  create_users: provider.create_users,
  sso_required: provider.sso_required,
  enabled: provider.enabled,
});

/** Add or edit an identity provider (Admin → Single sign-on). */
export function ProviderFormModal({
  provider,
  onClose,
}: {
  provider: SsoProvider | null;
  onClose: () => void;
}) {
  const form = useSchemaForm(saveSsoProviderRequestSchema, provider ? valuesOf(provider) : blank);
  const roles = useAvailableRoles();
  const save = useSaveSsoProvider();
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: provider?.id ?? null, body: values });
      showToast({ color: 'green', message: SSO_MESSAGES.providerSaved });
      onClose();
    } catch (error) {
      setServerError(form.applyServerErrors(error));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={provider ? `Edit ${provider.name}` : 'Add identity provider'}
      centered
      radius="lg"
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate aria-label="Identity provider">
        <Stack gap="md">
          <FormError message={serverError} />
          <TextInput
            label="Name"
            description="Shown on the sign-in button"
            withAsterisk
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Issuer URL"
            description="The provider's issuer; its discovery document is read from /.well-known/openid-configuration"
            placeholder="https://login.example.com"
            withAsterisk
            {...form.getInputProps('issuer')}
          />
          <TextInput label="Client ID" withAsterisk {...form.getInputProps('client_id')} />
          <PasswordInput
            label="Client secret"
            description={
              provider?.has_client_secret
                ? 'A secret is stored (encrypted). Leave empty to keep it.'
                : 'Stored encrypted. Leave empty for a public client (PKCE only).'
            }
            autoComplete="new-password"
            {...form.getInputProps('client_secret')}
          />
          <TagsInput
            label="Email domains"
            description="People whose email is in these domains are offered this provider. Press Enter after each."
            placeholder="example.com"
            splitChars={[',', ' ']}
            {...form.getInputProps('domains')}
          />
          <Select
            label="Role for new users"
            data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
            allowDeselect={false}
            {...form.getInputProps('role_id')}
            value={String(form.values.role_id)}
            onChange={(value) => form.setFieldValue('role_id', Number(value))}
          />
          <Checkbox
            label="Create users on first sign-in"
            description="Otherwise only people who already have a portal account (same verified email) can continue."
            {...form.getInputProps('create_users', { type: 'checkbox' })}
          />
          <Checkbox
            label="SSO required for these domains"
            description="Password sign-in is refused for these domains; people are sent to this provider."
            {...form.getInputProps('sso_required', { type: 'checkbox' })}
          />
          <Checkbox label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          {provider && (
            <Text fz="sm" c="dimmed">
              Redirect URI to register at the provider:{' '}
              <Text span ff="monospace">
                {provider.redirect_uri}
              </Text>
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
