import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { auditFiltersFormSchema, type AuditFilters as Filters } from '@portal/contract';
import { FormError } from '../../../shared/forms/form-error';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';

const EMPTY: Filters = { actor: '', target: '', action: '', from: '', to: '' };

/**
 * The audit log's filters: who acted (user id), whom it was about (user id), the action's prefix and
 * a date range. Applied together (one URL change, one request), not per keystroke, and checked by
 * the query's own rules first; a filter the server still refuses (one typed into the URL) shows
 * under its field like any 422.
 */
export function AuditFilters({
  value,
  refused,
  onApply,
}: {
  value: Filters;
  /** Why the log could not be read with these filters (the read's error), if it failed. */
  refused: unknown;
  onApply: (filters: Filters) => void;
}) {
  const form = useSchemaForm(auditFiltersFormSchema, value);
  const [formError, setFormError] = useState<string | null>(null);
  // A refusal arrives after the form was built (an apply changes the URL, which starts the form
  // again): placed under its fields once, while rendering (react.dev "You might not need an effect").
  const [placed, setPlaced] = useState<unknown>(null);
  if (refused && refused !== placed) {
    setPlaced(refused);
    setFormError(form.applyServerErrors(refused));
  }

  const apply = (filters: Filters) => {
    setFormError(null);
    onApply(filters);
  };
  return (
    <form
      onSubmit={form.onSubmit((filters) =>
        apply({ ...filters, from: filters.from ?? '', to: filters.to ?? '' }),
      )}
      aria-label="Audit log filters"
      noValidate
    >
      <Stack gap="sm">
        <FormError message={formError} />
        <Group align="flex-start" gap="sm">
          {(['actor', 'target'] as const).map((field) => (
            <TextInput
              key={field}
              label={field === 'actor' ? 'Actor ID' : 'Target ID'}
              placeholder="user id"
              inputMode="numeric"
              w={120}
              {...form.getInputProps(field)}
            />
          ))}
          <TextInput
            label="Action starts with"
            placeholder="auth.login"
            w={180}
            {...form.getInputProps('action')}
          />
          <TextInput label="From" type="date" w={160} {...form.getInputProps('from')} />
          <TextInput label="To" type="date" w={160} {...form.getInputProps('to')} />
          <Group gap="sm" mt={25}>
            <Button type="submit">Apply</Button>
            <Button
              variant="subtle"
              onClick={() => {
                form.setValues(EMPTY);
                apply(EMPTY);
              }}
            >
              Clear
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
