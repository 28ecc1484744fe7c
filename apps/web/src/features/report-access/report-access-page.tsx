import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Paper, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { BI_MESSAGES, MESSAGES, REPORT_ACCESS_MESSAGES, type UserReports } from '@portal/contract';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { isApiError } from '../../shared/api/api-error';
import { ReportsOverview } from '../../shared/reports/reports-overview';
import { routes } from '../../shared/routes';
import { PageHeader } from '../../shared/ui/page-header';
import { PageLoader } from '../../shared/ui/page-loader';
import { showToast } from '../../shared/ui/toast';
import { useUserFromRoute } from '../../shared/users/use-user-from-route';
import { useSaveUserReports, useUserReports } from './api/user-reports';
import { AccessTree } from './components/access-tree';

/**
 * Report access per user (/admin/users/{id}/reports): the project's tree with a checkbox
 * per folder and item, saved in one call, and beside it what the user will see — drawn as their
 * Reports screen draws it.
 */
export function ReportAccessPage() {
  // The users list passes the row's user (as it does to Edit), so the name shows at once.
  const { id, user, notFound } = useUserFromRoute();
  const reports = useUserReports(id, Number.isInteger(id) && id > 0);

  if (notFound) return <Navigate to={routes.notFound} replace />;
  const name = user?.name ?? 'User';
  return (
    <>
      <PageHeader
        title={`Report access - ${name}`}
        breadcrumbs={[
          { label: 'Dashboard', to: routes.dashboard },
          { label: 'Users', to: routes.users },
          { label: name },
        ]}
      />
      {reports.isPending && <PageLoader label="Loading the user’s dashboards and reports…" />}
      {reports.isError && (
        <RetryAlert
          message={isApiError(reports.error) ? reports.error.message : MESSAGES.dataFetchFailed}
          onRetry={() => void reports.refetch()}
          retrying={reports.isFetching}
        />
      )}
      {reports.data && (
        <AccessEditor key={reports.dataUpdatedAt} userId={id} name={name} reports={reports.data} />
      )}
    </>
  );
}

function AccessEditor({ userId, name, reports }: { userId: number; name: string; reports: UserReports }) {
  const initial = useMemo(
    () => new Set(reports.access.filter((a) => !a.isReadOnly).map((a) => a.biReportId)),
    [reports.access],
  );
  const [selected, setSelected] = useState<Set<string>>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveUserReports(userId);
  const dirty = selected.size !== initial.size || [...selected].some((id) => !initial.has(id));
  const preview = reports.items.filter((item) => item.managedBy === 'TS' || selected.has(item.id));

  const change = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  const onSave = () => {
    setErrors([]);
    save.mutate([...selected], {
      onSuccess: () => showToast({ color: 'green', message: REPORT_ACCESS_MESSAGES.saved }),
      onError: (error) => {
        if (!isApiError(error)) return setErrors([MESSAGES.serverError]);
        setErrors(error.fieldErrors.report_ids ?? [error.message]);
      },
    });
  };

  if (reports.tree.length === 0) {
    return (
      <Text c="dimmed" maw={640}>
        {REPORT_ACCESS_MESSAGES.noProject}
      </Text>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="access-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="lg" id="access-title">
              What {name} may see
            </Title>
            {!reports.configured && (
              <Badge variant="light" color="gray">
                Everything (not chosen yet)
              </Badge>
            )}
          </Group>
          {errors.length > 0 && (
            <Alert color="red" variant="light" role="alert" mb="sm">
              {errors.map((e) => (
                <Text key={e} fz="sm">
                  {e}
                </Text>
              ))}
            </Alert>
          )}
          <AccessTree nodes={reports.tree} selected={selected} onChange={change} disabled={save.isPending} />
          <Group justify="flex-end" mt="md">
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={onSave}
              loading={save.isPending}
              disabled={!dirty && reports.configured}
            >
              Save access
            </Button>
          </Group>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="preview-title" bg="gray.0">
          <Title order={2} fz="lg" id="preview-title">
            Effective access
          </Title>
          <Text c="dimmed" fz="sm" mb="md">
            {name}’s NS BI screen{dirty ? ' once you save' : ''}, as they will see it.
          </Text>
          {preview.length === 0 ? (
            <Text c="dimmed">{BI_MESSAGES.noItems}</Text>
          ) : (
            <ReportsOverview items={preview} preview />
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
