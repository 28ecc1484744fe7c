import { Box, Card, Image, Text } from '@mantine/core';
import { generatePath, Link } from 'react-router';
import { FOLDER_TILE_SIZE } from '@portal/contract';
// Inlined (under 1 KB): on NS BI the folder tiles are the largest thing a phone draws, and as a file
// the image's request could start only once the tiles were drawn (decision 0045).
import folderSvg from '../../assets/report-folder.svg?raw';
import { routes } from '../routes';
import { svgDataUrl } from '../ui/svg-data-url';
import classes from './reports.module.css';

const folderImage = svgDataUrl(folderSvg);

const label = (folder: { name: string; count: number }) =>
  `${folder.name} folder, ${folder.count} ${folder.count === 1 ? 'item' : 'items'}`;

/** Folder tiles of the Reports screen (docs/product.md §2: images 200 by 200), each opening its folder. */
export function FolderTiles({
  folders,
  preview = false,
}: {
  folders: Array<{ id: string; name: string; count: number }>;
  /** Shown as the user would see them, without opening anything (admin preview). */
  preview?: boolean;
}) {
  if (folders.length === 0) return null;
  return (
    // As many columns as 200 px images fit (a fixed column count shrank them to 143 px).
    <Box component="ul" mb="xl" className={`${classes.plainList} ${classes.tiles}`} aria-label="Folders">
      {folders.map((folder) => (
        <li key={folder.id}>
          {/* The preview draws the tiles as the customer sees them, without leaving the page. */}
          {preview ? (
            <Card withBorder radius="lg" padding="sm" className={classes.tile} aria-label={label(folder)}>
              <FolderTileBody folder={folder} />
            </Card>
          ) : (
            <Card
              component={Link}
              to={generatePath(routes.reports_folder, { folderId: folder.id })}
              withBorder
              radius="lg"
              padding="sm"
              className={classes.tile}
              aria-label={label(folder)}
            >
              <FolderTileBody folder={folder} />
            </Card>
          )}
        </li>
      ))}
    </Box>
  );
}

function FolderTileBody({ folder }: { folder: { name: string; count: number } }) {
  return (
    <>
      <Image src={folderImage} alt="" w={FOLDER_TILE_SIZE} h={FOLDER_TILE_SIZE} fit="contain" mx="auto" />
      <Text fw={600} mt="sm" ta="center" lineClamp={2}>
        {folder.name}
      </Text>
      <Text fz="sm" c="dimmed" ta="center">
        {folder.count} {folder.count === 1 ? 'item' : 'items'}
      </Text>
    </>
  );
}
