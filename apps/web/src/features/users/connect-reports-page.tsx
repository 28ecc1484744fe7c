import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlugConnected } from '@tabler/icons-react';
import { MESSAGES, SEARCH_DEBOUNCE_MS, USER_SORT_COLUMNS } from '@portal/contract';
import { isApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/routes';
import { PageHeader } from '../../shared/ui/page-header';
import { showToast } from '../../shared/ui/toast';
import { useBiProjects } from '../../shared/users/api/get-bi-projects';
import { useConnectReports } from './api/connect-reports';
import { useUsers } from './api/get-users';
import { defaultListParams } from '../../shared/ui/data-table/list-params';

/**
 * Connect reports (/admin/users/connect-reports): one BI project for several users at
 * once. Users are found by the users list's server-side search; the chosen ones stay chosen while
 * the search changes.
 */
export function ConnectReportsPage() {
  const projects = useBiProjects();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const found = useUsers({
    ...defaultListParams(USER_SORT_COLUMNS),
    blocked: false,
    search: debounced,
    paginate: 25,
  });
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [projectId, setProjectId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const connect = useConnectReports();

  const options = new Map(chosen);
  for (const user of found.data?.data ?? []) options.set(String(user.id), `${user.name} (${user.email})`);

  const submit = () => {
    setError(null);
    connect.mutate(
      { user_ids: [...chosen.keys()].map(Number), project_id: projectId },
      {
        onSuccess: (message) => {
          showToast({ color: 'green', message });
          setChosen(new Map());
        },
        onError: (e) => setError(isApiError(e) ? e.message : MESSAGES.serverError),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Connect reports"
        breadcrumbs={[
          { label: 'Dashboard', to: routes.dashboard },
          { label: 'Users', to: routes.users },
          { label: 'NSBI Dashboards', to: routes.usersDundasReports },
          { label: 'Connect reports' },
        ]}
      />
      <Paper withBorder radius="lg" p="lg" maw={720}>
        <Stack gap="md">
          <Text c="dimmed" fz="sm">
            Give several users the same BI project at once: they see its dashboards and reports (as far as
            their report access allows) from their next visit to NS BI.
          </Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Select
            label="Project"
            placeholder={projects.isError ? 'The BI server is not answering' : 'Choose a project'}
            data={(projects.data ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
            value={projectId}
            onChange={setProjectId}
            searchable
            disabled={!projects.data}
            withAsterisk
          />
          <MultiSelect
            label="Users"
            placeholder="Search by name, email or company"
            data={[...options].map(([value, label]) => ({ value, label }))}
            value={[...chosen.keys()]}
            onChange={(values) => setChosen(new Map(values.map((v) => [v, options.get(v) ?? v])))}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={found.isFetching ? 'Searching…' : 'No users found'}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              onClick={submit}
              loading={connect.isPending}
              disabled={chosen.size === 0 || !projectId}
            >
              Connect {chosen.size > 0 ? `${chosen.size} ${chosen.size === 1 ? 'user' : 'users'}` : ''}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
