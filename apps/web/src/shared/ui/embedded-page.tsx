import { Alert, Anchor, Box, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { MESSAGES } from '@portal/contract';
import type { Crumb } from './page-header';
import { PageHeader } from './page-header';
import { PageLoader } from './page-loader';

type EmbeddedPageProps = {
  /** The page's heading and the frame's title (docs/product.md §2 names some: 'Tattle Systems API'). */
  title: string;
  breadcrumbs: Crumb[];
  /** What the frame shows; undefined while it is being looked up. */
  src: string | undefined;
  failed?: boolean;
  /** The frame's height (docs/product.md §9: Analysis 1500px); default: most of the window. */
  height?: number | string;
};

/** A screen that embeds another page (Analysis, API summary, specs, BI designers) with a way out. */
export function EmbeddedPage({
  title,
  breadcrumbs,
  src,
  failed = false,
  height = '75vh',
}: EmbeddedPageProps) {
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={breadcrumbs}
        actions={
          src && (
            <Anchor href={src} target="_blank" rel="noopener noreferrer" fz="sm">
              <Group gap={4}>
                Open in a new tab <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          )
        }
      />
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.dataFetchFailed}
        </Alert>
      )}
      {!failed && !src && <PageLoader />}
      {src && (
        <Box
          component="iframe"
          src={src}
          title={title}
          w="100%"
          h={height}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
            background: 'white',
          }}
        />
      )}
      {src && (
        <Text c="dimmed" fz="xs" mt="xs">
          {title} is shown from {new URL(src, window.location.href).host}.
        </Text>
      )}
    </>
  );
}
