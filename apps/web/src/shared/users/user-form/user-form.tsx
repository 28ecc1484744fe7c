import { useState, type MouseEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MESSAGES, userFormSchema, type User, type UserFormValues } from '@portal/contract';
import { isApiError } from '../../api/api-error';
import { useAvailableRoles } from '../api/get-available-roles';
import { formFieldOfServerKey, userFormDefaults, type UserFormField } from './form-values';
import { NsbiProjectFields } from './nsbi-project-fields';

export type UserFormProps = {
  mode: 'create' | 'edit';
  /** The user being edited (edit mode). */
  user?: User | null;
  /** Admin notes and 'Uses NSBI' / Project are for admins only (SPEC §5, §6). */
  viewerIsAdmin: boolean;
  /** Editing yourself: the role select is disabled (SPEC §5). */
  editingSelf: boolean;
  /** Notes only in the modal form (SPEC §5). */
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

type ServerErrors = Partial<Record<UserFormField, { message: string; value: unknown }>>;

/** The Create/Edit User form and the profile's Details form: one schema with the server (contract). */
export function UserForm(props: UserFormProps) {
  const { mode, user, viewerIsAdmin, editingSelf, withNotes, accountReadOnly = false } = props;
  const [formError, setFormError] = useState<string | null>(null);
  const roles = useAvailableRoles();
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema(mode)),
    // SPEC §5: validation on change and blur; a field's error shows once it is touched.
    mode: 'all',
    defaultValues: userFormDefaults(user),
  });
  const { register, control, handleSubmit, setFocus, formState } = form;
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
  const { errors, touchedFields, isSubmitted, isSubmitting } = formState;
  // A 422's messages stay under their fields until that field's value changes (a blur re-validating
  // the field on the client must not wipe "email already taken").
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const values = useWatch({ control });
  const serverError = (field: UserFormField) => {
    const entry = serverErrors[field];
    return entry && values[field] === entry.value ? entry.message : undefined;
  };
  const shown = (field: UserFormField) =>
    (touchedFields[field] || isSubmitted ? errors[field]?.message : undefined) ?? serverError(field);

  const visible = (field: UserFormField) =>
    (field !== 'notes' || withNotes) &&
    (viewerIsAdmin || !['admin_notes', 'uses_nsbi', 'project_id'].includes(field));

  const onSubmit = handleSubmit(async (submitted) => {
    setFormError(null);
    setServerErrors({});
    try {
      await props.onSubmit(submitted);
      // Saved: these values are the new baseline; typed passwords are not kept around.
      form.reset({ ...submitted, password: '', password_confirmation: '' });
    } catch (error) {
      if (!isApiError(error)) return setFormError(MESSAGES.serverError);
      const placed: ServerErrors = {};
      const unplaced: string[] = [];
      for (const [key, messages] of Object.entries(error.fieldErrors)) {
        const field = formFieldOfServerKey(key);
        const message = messages[0];
        if (!message) continue;
        if (field && visible(field)) placed[field] = { message, value: submitted[field] };
        else unplaced.push(message);
      }
      setServerErrors(placed);
      const first = Object.keys(placed)[0] as UserFormField | undefined;
      if (first) setFocus(first);
      if (Object.keys(error.fieldErrors).length === 0) setFormError(error.message);
      else if (unplaced.length > 0) setFormError(unplaced.join(' '));
    }
  });

  const roleOptions = [...(roles.data ?? []), ...(user?.roles ?? [])]
    .filter((role, index, all) => all.findIndex((r) => r.id === role.id) === index)
    .map((role) => ({ value: role.id, label: role.name }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={props.submitLabel}>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Full name"
            withAsterisk={!accountReadOnly}
            data-autofocus
            autoComplete="name"
            {...readOnlyProps}
            error={shown('name')}
            {...register('name')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk={!accountReadOnly}
            autoComplete="email"
            {...readOnlyProps}
            error={shown('email')}
            {...register('email')}
          />
          {!accountReadOnly && (
            <>
              <PasswordInput
                label="Password"
                withAsterisk={mode === 'create'}
                autoComplete="new-password"
                placeholder={mode === 'edit' ? 'Leave empty to keep the current one' : undefined}
                error={shown('password')}
                {...register('password')}
              />
              <PasswordInput
                label="Confirm password"
                withAsterisk={mode === 'create'}
                autoComplete="new-password"
                placeholder={mode === 'edit' ? 'Only when changing the password' : undefined}
                error={shown('password_confirmation')}
                {...register('password_confirmation')}
              />
            </>
          )}
          <TextInput
            label="Primary phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            error={shown('primary_phone_number')}
            {...register('primary_phone_number')}
          />
          <TextInput
            label="Secondary phone number"
            type="tel"
            inputMode="numeric"
            error={shown('secondary_phone_number')}
            {...register('secondary_phone_number')}
          />
          <TextInput
            label="Company name"
            autoComplete="organization"
            error={shown('company_name')}
            {...register('company_name')}
          />
          <Controller
            control={control}
            name="role_id"
            render={({ field }) => (
              <Select<number>
                label="Role"
                withAsterisk
                placeholder="Select a role"
                data={roleOptions}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? 0)}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                allowDeselect={false}
                size="md"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                disabled={editingSelf}
                description={editingSelf ? 'You cannot change your own role.' : undefined}
                error={shown('role_id') ?? (roles.isError ? MESSAGES.dataFetchFailed : undefined)}
              />
            )}
          />
        </SimpleGrid>
        {withNotes && (
          <Textarea
            label="Notes"
            size="md"
            autosize
            minRows={2}
            maxRows={6}
            error={shown('notes')}
            {...register('notes')}
          />
        )}
        {viewerIsAdmin && (
          <Textarea
            label="Admin notes"
            size="md"
            autosize
            minRows={2}
            maxRows={6}
            error={shown('admin_notes')}
            {...register('admin_notes')}
          />
        )}
        {viewerIsAdmin && <NsbiProjectFields form={form} shown={shown} />}
        <Group justify="flex-end" gap="sm" mt="xs">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel} onMouseDown={keepFocus}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSubmitting} onMouseDown={keepFocus}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
