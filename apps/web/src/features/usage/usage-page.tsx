import { useState, type ReactNode } from 'react';
import { Grid, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { MESSAGES, USAGE_RANGES, type Usage } from '@portal/contract';
import { ExportCsvButton } from '../../shared/ui/export-csv-button';
import { routes } from '../../shared/routes';
import { PageHeader } from '../../shared/ui/page-header';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { PageLoader } from '../../shared/ui/page-loader';
import { useUsage } from './api/get-usage';
import { usageExport, type UsageExport } from './api/export-usage';
import { DailyColumns, RankedBars } from './components/charts';
import classes from './components/charts.module.css';

type SectionProps = { title: string; chart: ReactNode; table: ReactNode; exported: UsageExport };

function Section({ title, chart, table, exported }: SectionProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <ExportCsvButton {...exported} label={`Export ${title} as CSV`} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>{chart}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Table.ScrollContainer minWidth={260} mah={280}>
            {table}
          </Table.ScrollContainer>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

function PerDay({ usage, days }: { usage: Usage; days: number }) {
  const active = usage.perDay.filter((d) => d.nsbi + d.report > 0).reverse();
  return (
    <Section
      title="Clicks per day"
      exported={usageExport(days, 'per-day')}
      chart={
        <>
          <DailyColumns days={usage.perDay} />
          <Group gap="lg" mt="xs" fz="sm">
            <span>
              <span className={classes.swatchNsbi} />
              NS BI opened
            </span>
            <span>
              <span className={classes.swatchReport} />
              Reports opened
            </span>
          </Group>
        </>
      }
      table={
        <Table striped stickyHeader aria-label="Clicks per day">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th ta="right">NS BI</Table.Th>
              <Table.Th ta="right">Reports</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {active.length === 0 && <EmptyRow columns={3} />}
            {active.map((d) => (
              <Table.Tr key={d.day}>
                <Table.Td>{d.day}</Table.Td>
                <Table.Td ta="right">{d.nsbi}</Table.Td>
                <Table.Td ta="right">{d.report}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

function Ranked({
  title,
  first,
  rows,
  exported,
}: {
  title: string;
  first: string;
  rows: Array<{ key: string; label: string; value: number }>;
  exported: UsageExport;
}) {
  return (
    <Section
      title={title}
      exported={exported}
      chart={rows.length ? <RankedBars rows={rows} /> : <Text c="dimmed">{MESSAGES.noRecords}</Text>}
      table={
        <Table striped aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{first}</Table.Th>
              <Table.Th ta="right">Clicks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <EmptyRow columns={3} />}
            {rows.map((r, i) => (
              <Table.Tr key={r.key}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{r.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

/** NS BI usage for admins: clicks on NS BI and reports per day, top reports, top users. */
export function UsagePage() {
  const [days, setDays] = useState<number>(30);
  const usage = useUsage(days);
  const data = usage.data;
  return (
    <>
      <PageHeader
        title="NS BI usage"
        breadcrumbs={[{ label: 'Dashboard', to: routes.dashboard }, { label: 'NS BI usage' }]}
        actions={
          <SegmentedControl
            aria-label="Period"
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            data={USAGE_RANGES.map((n) => ({ value: String(n), label: n === 365 ? '1 year' : `${n} days` }))}
          />
        }
      />
      {usage.isPending && <PageLoader label="Counting clicks…" />}
      {usage.isError && (
        <RetryAlert
          message={MESSAGES.dataFetchFailed}
          onRetry={() => void usage.refetch()}
          retrying={usage.isFetching}
        />
      )}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
            <Paper withBorder radius="lg" p="md">
              <Text c="dimmed" fz="sm">
                NS BI opened
              </Text>
              <Text fz={28} fw={700}>
                {data.totals.nsbi}
              </Text>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Text c="dimmed" fz="sm">
                Reports opened
              </Text>
              <Text fz={28} fw={700}>
                {data.totals.report}
              </Text>
            </Paper>
            <Paper withBorder radius="lg" p="md">
              <Text c="dimmed" fz="sm">
                Period
              </Text>
              <Text fz="lg" fw={600} mt={6}>
                {data.from} – {data.to}
              </Text>
            </Paper>
          </SimpleGrid>
          <Stack>
            <PerDay usage={data} days={days} />
            <Ranked
              title="Top reports"
              first="Report"
              exported={usageExport(days, 'top-reports')}
              rows={data.topReports.map((r) => ({
                key: r.reportId,
                label: r.name ?? r.reportId,
                value: r.clicks,
              }))}
            />
            <Ranked
              title="Top users"
              first="User"
              exported={usageExport(days, 'top-users')}
              rows={data.topUsers.map((u) => ({
                key: String(u.userId),
                label: u.name ? `${u.name} (${u.email})` : `Deleted user #${u.userId}`,
                value: u.clicks,
              }))}
            />
          </Stack>
        </>
      )}
    </>
  );
}

/** The table's one row when the range has no clicks. */
function EmptyRow({ columns }: { columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center">
          {MESSAGES.noRecords}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
