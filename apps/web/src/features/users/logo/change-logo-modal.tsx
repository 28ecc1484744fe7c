import { useEffect, useId, useState } from 'react';
import { Box, Button, Center, FileButton, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { LOGO_HEIGHT, LOGO_MAX_LABEL, MESSAGES, type PortalFile, type User } from '@portal/contract';
import { showToast } from '../../../shared/ui/toast';
import { useDeleteLogo } from './api/delete-logo';
import { useUploadLogo } from './api/upload-logo';
import { LOGO_ACCEPT, isAcceptableLogo, logoProblem } from './logo-file';
import classes from './change-logo-modal.module.css';

type ChangeLogoModalProps = { user: User | null; opened: boolean; onClose: () => void };

/** docs/product.md §2 Change Logo: for any user from the users list, for yourself from the user menu. */
export function ChangeLogoModal({ user, opened, onClose }: ChangeLogoModalProps) {
  return (
    <Modal
      opened={opened && user !== null}
      onClose={onClose}
      title="Change Logo"
      centered
      radius="lg"
      size="md"
    >
      {user && <LogoEditor key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

type Chosen = { file: File; url: string | null; acceptable: boolean };

function LogoEditor({ user, onClose }: { user: User; onClose: () => void }) {
  const hintId = useId();
  const [current, setCurrent] = useState<PortalFile | null>(user.logo);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const upload = useUploadLogo();
  const removal = useDeleteLogo();
  const busy = upload.isPending || removal.isPending;

  // The preview's object URL lives as long as the choice.
  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen]);

  const choose = (file: File | null) => {
    if (!file) return;
    const acceptable = isAcceptableLogo(file);
    setChosen({ file, acceptable, url: acceptable ? URL.createObjectURL(file) : null });
  };

  const save = () => {
    if (!chosen?.acceptable) return;
    upload.mutate(
      { userId: user.id, file: chosen.file },
      {
        onSuccess: (file) => {
          setCurrent(file);
          setChosen(null);
          showToast({ color: 'green', message: MESSAGES.logoSaved });
        },
        onError: () => showToast({ color: 'red', message: MESSAGES.logoSaveFailed }),
      },
    );
  };

  const remove = () => {
    if (!current) return;
    removal.mutate(
      { fileId: current.id, userId: user.id },
      {
        onSuccess: () => {
          setCurrent(null);
          showToast({ color: 'green', message: MESSAGES.logoDeleted });
        },
        onError: () => showToast({ color: 'red', message: MESSAGES.logoSaveFailed }),
      },
    );
  };

  const violation = chosen !== null && !chosen.acceptable;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Logo of <strong>{user.name}</strong>
      </Text>
      <Box className={classes.current}>
        <Text fz="xs" fw={600} tt="uppercase" c="dimmed" mb={6}>
          Current logo
        </Text>
        <Group justify="space-between" wrap="nowrap">
          {current ? (
            <Image
              src={current.public_url}
              alt={`Current logo of ${user.name}`}
              h={LOGO_HEIGHT}
              w="auto"
              fit="contain"
            />
          ) : (
            <Text fz="sm" c="dimmed" h={LOGO_HEIGHT} style={{ display: 'flex', alignItems: 'center' }}>
              No logo yet.
            </Text>
          )}
          {current && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={remove}
              loading={removal.isPending}
              disabled={busy && !removal.isPending}
            >
              Delete logo
            </Button>
          )}
        </Group>
      </Box>

      <Stack gap={6}>
        <Group gap="sm">
          <FileButton onChange={choose} accept={LOGO_ACCEPT} disabled={busy}>
            {(props) => (
              <Button
                variant="default"
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                aria-describedby={hintId}
                {...props}
              >
                Choose image
              </Button>
            )}
          </FileButton>
          {chosen && (
            <Text fz="sm" truncate maw={240} title={chosen.file.name}>
              {chosen.file.name}
            </Text>
          )}
        </Group>
        <Text
          id={hintId}
          data-invalid={violation || undefined}
          fz="xs"
          c={violation ? 'var(--mantine-color-error)' : 'dimmed'}
          fw={violation ? 600 : undefined}
          role={violation ? 'alert' : undefined}
        >
          PNG or JPEG only, up to {LOGO_MAX_LABEL}.{violation && ` ${logoProblem(chosen.file)}`}
        </Text>
      </Stack>

      {chosen?.url && (
        <Center className={classes.preview}>
          <Image src={chosen.url} alt="Preview of the chosen logo" h={LOGO_HEIGHT} w="auto" fit="contain" />
        </Center>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button
          onClick={save}
          disabled={!chosen?.acceptable || (busy && !upload.isPending)}
          loading={upload.isPending}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
