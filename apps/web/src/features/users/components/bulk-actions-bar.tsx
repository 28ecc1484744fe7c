import { useState } from 'react';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { BULK_MESSAGES, type BulkAction, type BulkUsersRequest } from '@portal/contract';
import { useBiProjects } from '../../../shared/users/api/get-bi-projects';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { useBulkUsers } from '../api/bulk-users';
import type { Selection } from './use-selection';

/** What each action is called in the menu and in the question. */
const LABELS: Record<BulkAction, { menu: string; verb: string; color?: string }> = {
  block: { menu: 'Block', verb: 'block', color: 'red' },
  restore: { menu: 'Restore', verb: 'restore' },
  delete: { menu: 'Delete', verb: 'delete', color: 'red' },
  nsbi_on: { menu: 'Turn NSBI on', verb: 'turn NSBI on for' },
  nsbi_off: { menu: 'Turn NSBI off', verb: 'turn NSBI off for' },
  assign_project: { menu: 'Assign BI project', verb: 'assign the BI project to' },
};
const ACTIVE: BulkAction[] = ['block', 'delete', 'nsbi_on', 'nsbi_off', 'assign_project'];
const BLOCKED: BulkAction[] = ['restore', 'delete'];

type BulkActionsBarProps = {
  selection: Selection;
  /** Users the list's search matches (every page). */
  total: number;
  pageSelected: boolean;
  blocked: boolean;
  search: string;
  onSelectAllMatching: () => void;
  onDone: () => void;
};

/**
 * Bulk actions over the selected users: the count, "Select all N matching", the action,
 * and one confirmation that says how many users it touches. Per-user failures are summed up in a toast.
 */
export function BulkActionsBar(props: BulkActionsBarProps) {
  const { selection, total, blocked } = props;
  const [action, setAction] = useState<BulkAction | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const bulk = useBulkUsers();
  const projects = useBiProjects({ enabled: action === 'assign_project' });
  const count = selection.allMatching ? total : selection.ids.size;
  if (count === 0) return null;

  const run = async () => {
    if (!action) return;
    const body: BulkUsersRequest = selection.allMatching
      ? { action, filter: { search: props.search.trim() || undefined, blocked } }
      : { action, ids: [...selection.ids] };
    if (action === 'assign_project') body.project_id = projectId;
    try {
      const { data, message } = await bulk.mutateAsync(body);
      showToast({ color: data.failed ? 'orange' : 'green', message });
      const failed = data.results.filter((r) => r.status === 'failed');
      if (failed.length)
        showToast({
          color: 'red',
          message: BULK_MESSAGES.notUpdated(failed),
        });
      setConfirming(false);
      setAction(null);
      props.onDone();
    } catch (error) {
      setConfirming(false);
      toastApiError(error);
    }
  };

  const label = action ? LABELS[action] : null;
  const ready = action !== null && (action !== 'assign_project' || projectId !== null);
  return (
    <Paper withBorder radius="md" p="sm" mb="md" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600} aria-live="polite">
            {selection.allMatching ? `All ${total} matching users selected` : `${count} selected`}
          </Text>
          {props.pageSelected && !selection.allMatching && total > count && (
            <Button variant="subtle" size="compact-sm" onClick={props.onSelectAllMatching}>
              Select all {total} matching
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" color="gray" onClick={props.onDone}>
            Clear selection
          </Button>
        </Group>
        <Group gap="sm">
          <Select
            aria-label="Bulk action"
            placeholder="Choose an action"
            data={(blocked ? BLOCKED : ACTIVE).map((a) => ({ value: a, label: LABELS[a].menu }))}
            value={action}
            onChange={(value) => setAction(value as BulkAction | null)}
            w={200}
          />
          {action === 'assign_project' && (
            <Select
              aria-label="BI project"
              placeholder={projects.isError ? 'BI server not answering' : 'Choose a project'}
              disabled={!projects.data}
              data={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
              value={projectId}
              onChange={setProjectId}
              w={200}
            />
          )}
          <Button disabled={!ready} onClick={() => setConfirming(true)}>
            Apply
          </Button>
        </Group>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={label?.menu ?? ''}
        message={`Are you sure you want to ${label?.verb ?? ''} ${count} ${count === 1 ? 'user' : 'users'}?`}
        actions={[
          { label: `${label?.menu ?? ''} ${count}`, color: label?.color, onConfirm: () => void run() },
        ]}
        pending={bulk.isPending ? `${label?.menu ?? ''} ${count}` : null}
        onClose={() => setConfirming(false)}
      >
        <Text fz="sm" c="dimmed">
          Your own account is never included.
        </Text>
      </ConfirmModal>
    </Paper>
  );
}
