import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFlask, IconPalette } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useResourceLinks } from '../../shared/api/get-resource-links';
import { routes } from '../../shared/routes';
import { EmbeddedPage } from '../../shared/ui/embedded-page';
import { PageHeader } from '../../shared/ui/page-header';

const crumbs = [
  { label: 'Dashboard', to: routes.dashboard },
  { label: 'Tools', to: routes.tools },
];

/** /admin/tools: the BI server's designers. */
export function ToolsPage() {
  const tools = [
    {
      title: 'BI Designer',
      text: 'Build and change dashboards and reports on the BI server.',
      to: routes.biDesigner,
      icon: IconPalette,
    },
    {
      title: 'BI Demo Designer',
      text: 'Try things out on the demo project, away from customers’ work.',
      to: routes.biDemoDesigner,
      icon: IconFlask,
    },
  ];
  return (
    <>
      <PageHeader title="Tools" breadcrumbs={[crumbs[0]!, { label: 'Tools' }]} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={900}>
        {tools.map(({ title, text, to, icon: Icon }) => (
          <Card
            key={title}
            component={Link}
            to={to}
            withBorder
            radius="lg"
            padding="lg"
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <ThemeIcon size={44} radius="md" variant="light">
              <Icon size={24} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="lg" mt="md">
              {title}
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

/** /admin/tools/bi-designer and /admin/tools/bi-demo-designer: the BI server's designer, framed. */
export function DesignerPage({ demo }: { demo: boolean }) {
  const links = useResourceLinks();
  const title = demo ? 'BI Demo Designer' : 'BI Designer';
  return (
    <EmbeddedPage
      title={title}
      breadcrumbs={[...crumbs, { label: title }]}
      src={demo ? links.data?.biDemoDesigner : links.data?.biDesigner}
      failed={links.isError}
    />
  );
}
