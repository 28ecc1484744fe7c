import { useMemo, useState, type MouseEvent } from 'react';
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { MESSAGES, userFormSchema, type User, type UserFormValues } from '@portal/contract';
import { FormError } from '../../forms/form-error';
import { useSchemaForm } from '../../forms/use-schema-form';
import { useUnsavedChangesGuard } from '../../forms/use-unsaved-changes';
import { LazySelect } from '../../ui/lazy-select';
import { isStepUpCancelled } from '../../ui/use-step-up';
import { useAvailableRoles } from '../api/get-available-roles';
import { formFieldOfServerKey, userFormDefaults, type UserFormField } from './form-values';
import { NsbiProjectFields } from './nsbi-project-fields';

export type UserFormProps = {
  mode: 'create' | 'edit';
  /** The user being edited (edit mode). */
  user?: User | null;
  /** Admin notes and 'Uses NSBI' / Project are for admins only (docs/product.md §5, §6). */
  viewerIsAdmin: boolean;
  /** Editing yourself: the role select is disabled (docs/product.md §5). */
  editingSelf: boolean;
  /** Notes only in the modal form (docs/product.md §5). */
  withNotes: boolean;
  /** Name, email and password shown but not editable: no call lets this viewer change them. */
  accountReadOnly?: boolean;
  submitLabel: string;
  /** Saves the values; an ApiError 422 thrown here is shown under the fields. */
  onSubmit: (values: UserFormValues) => Promise<void>;
  onCancel?: () => void;
};

/**
 * Pressing a button would first blur the field being edited; its validation message then appears
 * above the button and pushes it down, so the release lands beside it and the click is lost.
 * Keeping the focus where it is until the click completes avoids that (keyboard use is unchanged).
 */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The Create/Edit User form and the profile's Details form: one schema with the server (contract). */
export function UserForm(props: UserFormProps) {
  const { mode, user, viewerIsAdmin, editingSelf, withNotes, accountReadOnly = false } = props;
  const [formError, setFormError] = useState<string | null>(null);
  // Your own role is shown, never changed (the field is disabled): the offered roles are not asked.
  const roles = useAvailableRoles({ enabled: !editingSelf });
  const schema = useMemo(() => userFormSchema(mode), [mode]);
  // The starting values are read once, as the form is created (another user gets a new form).
  const form = useSchemaForm(schema, userFormDefaults(user));
  // Shown, but visibly not editable, with the reason under the field.
  const readOnlyProps = accountReadOnly
    ? {
        readOnly: true,
        variant: 'filled' as const,
        description: 'Only an administrator can change this.',
        inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
          'label' | 'input' | 'description' | 'error'
        )[],
      }
    : {};
  const values = form.values;
  const leaveGuard = useUnsavedChangesGuard({ dirty: form.isDirty(), saving: form.submitting });

  const visible = (field: UserFormField) =>
    (field !== 'notes' || withNotes) &&
    (viewerIsAdmin || !['admin_notes', 'uses_nsbi', 'project_id'].includes(field));

  const onSubmit = form.onSubmit(async (submitted) => {
    setFormError(null);
    try {
      await props.onSubmit(submitted);
      // Saved: these values are the new baseline; typed passwords are not kept around.
      form.setInitialValues({ ...submitted, password: '', password_confirmation: '', current_password: '' });
      form.reset();
    } catch (error) {
      // The admin closed the password question (useStepUp): nothing saved, nothing to say.
      if (isStepUpCancelled(error)) return;
      // Meta fields come back keyed by meta key; a field this viewer does not see goes inline.
      const fieldOf = (key: string) => {
        const field = formFieldOfServerKey(key);
        return field && visible(field) ? field : undefined;
      };
      setFormError(form.applyServerErrors(error, fieldOf));
    }
  });

  const roleOptions = [...(roles.data ?? []), ...(user?.roles ?? [])]
    .filter((role, index, all) => all.findIndex((r) => r.id === role.id) === index)
    .map((role) => ({ value: role.id, label: role.name }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={props.submitLabel}>
      <Stack gap="md">
        <FormError message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Full name"
            withAsterisk={!accountReadOnly}
            data-autofocus
            autoComplete="name"
            {...readOnlyProps}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk={!accountReadOnly}
            autoComplete="email"
            {...readOnlyProps}
            {...form.getInputProps('email')}
          />
          {!accountReadOnly && (
            <>
              <PasswordInput
                label="Password"
                withAsterisk={mode === 'create'}
                autoComplete="new-password"
                placeholder={mode === 'edit' ? 'Leave empty to keep the current one' : undefined}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm password"
                withAsterisk={mode === 'create'}
                autoComplete="new-password"
                placeholder={mode === 'edit' ? 'Only when changing the password' : undefined}
                {...form.getInputProps('password_confirmation')}
              />
              {editingSelf && mode === 'edit' && (
                // The server asks for it when your own email or password changes (re-authentication).
                <PasswordInput
                  label="Current password"
                  autoComplete="current-password"
                  placeholder="When changing email or password"
                  {...form.getInputProps('current_password')}
                />
              )}
            </>
          )}
          <TextInput
            label="Primary phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            {...form.getInputProps('primary_phone_number')}
          />
          <TextInput
            label="Secondary phone number"
            type="tel"
            inputMode="numeric"
            {...form.getInputProps('secondary_phone_number')}
          />
          <TextInput
            label="Company name"
            autoComplete="organization"
            {...form.getInputProps('company_name')}
          />
          <LazySelect<number>
            label="Role"
            withAsterisk
            placeholder="Select a role"
            data={roleOptions}
            {...form.getInputProps('role_id')}
            // 0 is "no role yet": the placeholder shows, and the schema says the role is required.
            value={values.role_id || null}
            onChange={(value) => form.setFieldValue('role_id', value ?? 0)}
            allowDeselect={false}
            size="md"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            disabled={editingSelf}
            description={editingSelf ? 'You cannot change your own role.' : undefined}
            error={form.shownError('role_id') ?? (roles.isError ? MESSAGES.dataFetchFailed : undefined)}
          />
        </SimpleGrid>
        {withNotes && (
          <Textarea
            label="Notes"
            size="md"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('notes')}
          />
        )}
        {viewerIsAdmin && (
          <Textarea
            label="Admin notes"
            size="md"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('admin_notes')}
          />
        )}
        {viewerIsAdmin && <NsbiProjectFields form={form} />}
        <Group justify="flex-end" gap="sm" mt="xs">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel} onMouseDown={keepFocus}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.submitting} onMouseDown={keepFocus}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
      {leaveGuard}
    </form>
  );
}
