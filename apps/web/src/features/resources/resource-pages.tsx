import { Card, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApi, IconCpu, IconDeviceSim, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useResourceLinks } from '../../shared/api/get-resource-links';
import { routes } from '../../shared/routes';
import { EmbeddedPage } from '../../shared/ui/embedded-page';
import { PageHeader } from '../../shared/ui/page-header';

const home = { label: 'Dashboard', to: routes.dashboard };
const resources = { label: 'Developer Resources', to: routes.developerResources };
const software = { label: 'Software', to: routes.software };
const hardware = { label: 'Hardware', to: routes.hardware };

type Crumb = { label: string; to?: string };
type Tile = { title: string; text: string; to?: string; href?: string; icon: ReactNode };

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {tiles.map((tile) => {
        const body = (
          <>
            <ThemeIcon size={44} radius="md" variant="light">
              {tile.icon}
            </ThemeIcon>
            <Title order={2} fz="lg" mt="md">
              {tile.title}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {tile.text}
            </Text>
          </>
        );
        const look = {
          withBorder: true,
          radius: 'lg',
          padding: 'lg',
          style: { color: 'inherit', textDecoration: 'none' },
        } as const;
        return tile.to ? (
          <Card key={tile.title} component={Link} to={tile.to} {...look}>
            {body}
          </Card>
        ) : (
          <Card
            key={tile.title}
            component="a"
            href={tile.href}
            target="_blank"
            rel="noopener noreferrer"
            {...look}
          >
            {body}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** A resources page: its header and its tiles. */
function TilesPage({ title, trail, tiles }: { title: string; trail: Crumb[]; tiles: Tile[] }) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={[...trail, { label: title }]} />
      <Tiles tiles={tiles} />
    </>
  );
}

/** /dev-resources (admin and developer role): software and hardware documentation. */
export function DeveloperResourcesPage() {
  return (
    <TilesPage
      title="Developer Resources"
      trail={[home]}
      tiles={[
        {
          title: 'Software',
          text: 'The Tattle Systems API and the portal API.',
          to: routes.software,
          icon: <IconFileText size={24} aria-hidden />,
        },
        {
          title: 'Hardware',
          text: 'Telematics units: specs and the T3 Lite.',
          to: routes.hardware,
          icon: <IconCpu size={24} aria-hidden />,
        },
      ]}
    />
  );
}

export function SoftwarePage() {
  // The API docs tile only where this server serves the docs UI (off in production unless API_DOCS=on).
  const apiDocs = useResourceLinks().data?.apiDocs;
  return (
    <TilesPage
      title="Software"
      trail={[home, resources]}
      tiles={[
        {
          title: 'API summary',
          text: 'The Tattle Systems API at a glance.',
          to: routes.apiSummary,
          icon: <IconApi size={24} aria-hidden />,
        },
        ...(apiDocs
          ? [
              {
                title: 'API docs',
                text: 'The portal’s own API (OpenAPI), in a new tab.',
                href: apiDocs,
                icon: <IconFileText size={24} aria-hidden />,
              },
            ]
          : []),
      ]}
    />
  );
}

export function HardwarePage() {
  return (
    <TilesPage
      title="Hardware"
      trail={[home, resources]}
      tiles={[
        {
          title: 'Gen 3/Gen4 Specs',
          text: 'What changed between the third and fourth generation of units.',
          to: routes.gen3Gen4Specs,
          icon: <IconFileTypePdf size={24} aria-hidden />,
        },
        {
          title: 'T3 Lite',
          text: 'The compact tracker for light vehicles and trailers.',
          to: routes.t3Lite,
          icon: <IconDeviceSim size={24} aria-hidden />,
        },
      ]}
    />
  );
}

/** API summary (docs/product.md §2): the Tattle Systems API documentation, framed, titled 'Tattle Systems API'. */
export function ApiSummaryPage() {
  const links = useResourceLinks();
  return (
    <EmbeddedPage
      title="Tattle Systems API"
      breadcrumbs={[home, resources, software, { label: 'API summary' }]}
      src={links.data?.apiSummary}
      failed={links.isError}
    />
  );
}

/** Gen 3/Gen4 Specs (docs/product.md §2): the specs PDF, framed, titled 'Gen 3/Gen4 Specs'. */
export function Gen3Gen4SpecsPage() {
  const links = useResourceLinks();
  return (
    <EmbeddedPage
      title="Gen 3/Gen4 Specs"
      breadcrumbs={[home, resources, hardware, { label: 'Gen 3/Gen4 Specs' }]}
      src={links.data?.gen3Gen4Specs}
      failed={links.isError}
      height="85vh"
    />
  );
}

/** T3 Lite: the compact unit's essentials. */
export function T3LitePage() {
  return (
    <>
      <PageHeader title="T3 Lite" breadcrumbs={[home, resources, hardware, { label: 'T3 Lite' }]} />
      <Card withBorder radius="lg" padding="lg" maw={720}>
        <Text mb="sm">
          The T3 Lite is the compact Tattle Systems tracker for light vehicles, trailers and equipment: GPS
          position, ignition and movement, on its own battery or the vehicle’s supply.
        </Text>
        <List spacing={4}>
          <List.Item>LTE Cat-M1 with 2G fallback; GPS + Galileo</List.Item>
          <List.Item>Reports every 60 s moving, every 6 h parked (configurable)</List.Item>
          <List.Item>Internal battery: up to 3 years at one report a day</List.Item>
          <List.Item>IP67, 70 × 45 × 18 mm, magnetic or screw mount</List.Item>
          <List.Item>Data flows to Tattle Systems and, from there, into NS BI dashboards</List.Item>
        </List>
      </Card>
    </>
  );
}
