import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import type { AUDIT_FILTERS, AuditParams } from '../api/get-audit-log';

type Filters = Pick<AuditParams, (typeof AUDIT_FILTERS)[number]>;

/**
 * The audit log's filters: who acted (user id), whom it was about (user id), the action's prefix and
 * a date range. Applied together (one URL change, one request), not per keystroke.
 */
export function AuditFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const [draft, setDraft] = useState<Filters>(value);
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [key]: event.currentTarget.value }),
  });
  const empty = { actor: '', target: '', action: '', from: '', to: '' };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
      aria-label="Audit log filters"
    >
      <Group align="flex-end" gap="sm">
        <TextInput label="Actor ID" placeholder="user id" inputMode="numeric" w={120} {...field('actor')} />
        <TextInput label="Target ID" placeholder="user id" inputMode="numeric" w={120} {...field('target')} />
        <TextInput label="Action starts with" placeholder="auth.login" w={180} {...field('action')} />
        <TextInput label="From" type="date" w={160} {...field('from')} />
        <TextInput label="To" type="date" w={160} {...field('to')} />
        <Button type="submit">Apply</Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft(empty);
            onApply(empty);
          }}
        >
          Clear
        </Button>
      </Group>
    </form>
  );
}
