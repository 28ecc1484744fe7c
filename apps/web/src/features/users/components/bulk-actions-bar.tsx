import { useCallback, useState } from 'react';
import { Button, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { BULK_MESSAGES, type BulkAction, type BulkJob, type BulkUsersRequest } from '@portal/contract';
import { useBiProjects } from '../../../shared/users/api/get-bi-projects';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { showToast, toastApiError } from '../../../shared/ui/toast';
import { isStepUpCancelled, useStepUp } from '../../../shared/ui/use-step-up';
import { isApiError } from '../../../shared/api/api-error';
import { useBulkJob, useStartBulkJob } from '../api/bulk-users';
import { rememberedBulkJob } from './remembered-bulk-job';
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
 * Bulk actions over the selected users: the count, "Select all N matching", the action, and one
 * confirmation that says how many users it touches. The server runs it as a job (its progress
 * shows here until it is over); block, restore and delete ask for the admin's password when the
 * server does. Per-user failures are summed up in a toast.
 */
export function BulkActionsBar(props: BulkActionsBarProps) {
  const { selection, total, blocked, onDone } = props;
  const [action, setAction] = useState<BulkAction | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // A job started before a reload of the tab is followed on (its progress, then its toast).
  const [jobId, setJobId] = useState<number | null>(rememberedBulkJob.get);
  const start = useStartBulkJob();
  const stepUp = useStepUp('Confirm with your password');
  const projects = useBiProjects({ enabled: action === 'assign_project' });
  const finished = useCallback(
    (done: BulkJob) => {
      showToast({ color: done.state === 'done' && !done.failed ? 'green' : 'orange', message: done.message });
      const failed = done.results.filter((r) => r.status === 'failed');
      if (failed.length) showToast({ color: 'red', message: BULK_MESSAGES.notUpdated(failed) });
      rememberedBulkJob.forget();
      setJobId(null);
      setAction(null);
      onDone();
    },
    [onDone],
  );
  const { job, error } = useBulkJob(jobId, finished);
  // A remembered job the server no longer knows (or that is not this admin's): nothing to follow.
  if (jobId !== null && isApiError(error) && error.status === 404) {
    rememberedBulkJob.forget();
    setJobId(null);
  }
  const count = selection.allMatching ? total : selection.ids.size;
  if (count === 0 && jobId === null) return null;

  const run = async () => {
    if (!action) return;
    const body: BulkUsersRequest = selection.allMatching
      ? {
          action,
          // What the admin saw: the server refuses the run (409) if the filter matches another number now.
          filter: { search: props.search.trim() || undefined, blocked, expected_total: total },
        }
      : { action, ids: [...selection.ids] };
    if (action === 'assign_project') body.project_id = projectId;
    setConfirming(false);
    try {
      const started = await stepUp.withStepUp((current_password) =>
        start.mutateAsync(current_password ? { ...body, current_password } : body),
      );
      rememberedBulkJob.set(started.id);
      setJobId(started.id);
    } catch (error) {
      if (!isStepUpCancelled(error)) toastApiError(error);
    }
  };

  const label = action ? LABELS[action] : null;
  const ready = action !== null && (action !== 'assign_project' || projectId !== null);
  return (
    <Paper withBorder radius="md" p="sm" mb="md" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600} aria-live="polite">
            {selection.allMatching
              ? `All ${total} matching users selected`
              : count > 0
                ? `${count} selected`
                : 'Bulk action'}
          </Text>
          {props.pageSelected && !selection.allMatching && total > count && (
            <Button variant="subtle" size="compact-sm" onClick={props.onSelectAllMatching}>
              Select all {total} matching
            </Button>
          )}
          {count > 0 && (
            <Button variant="subtle" size="compact-sm" color="gray" onClick={props.onDone}>
              Clear selection
            </Button>
          )}
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
          <Button
            disabled={!ready || jobId !== null}
            loading={start.isPending}
            onClick={() => setConfirming(true)}
          >
            Apply
          </Button>
        </Group>
      </Group>
      {jobId !== null && (
        <Stack gap={4} mt="sm">
          <Progress
            value={job && job.total > 0 ? (100 * job.processed) / job.total : 0}
            animated
            aria-label="Bulk action progress"
          />
          <Text fz="sm" c="dimmed" aria-live="polite">
            {job?.message ?? BULK_MESSAGES.started(count)}
          </Text>
        </Stack>
      )}
      {stepUp.modal}
      <ConfirmDialog
        opened={confirming}
        title={label?.menu ?? ''}
        message={`Are you sure you want to ${label?.verb ?? ''} ${count} ${count === 1 ? 'user' : 'users'}?`}
        actions={[
          { label: `${label?.menu ?? ''} ${count}`, color: label?.color, onConfirm: () => void run() },
        ]}
        onClose={() => setConfirming(false)}
      >
        <Text fz="sm" c="dimmed">
          Your own account is never included.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
