import { Suspense, useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PASSKEY_MESSAGES, type Passkey } from '@portal/contract';
import { formatDayTime } from '../../../shared/format/dates';
import { isCancelled } from '../../../shared/passkeys/ceremony-errors';
import { passkeysSupported } from '../../../shared/passkeys/support';
import { ConfirmPasswordModal } from '../../../shared/ui/confirm-password-modal';
import { dialogOnFirstOpen, openerProps } from '../../../shared/ui/dialog-on-first-open';
import { lazyComponent } from '../../../shared/ui/lazy-component';
import { PageLoader } from '../../../shared/ui/page-loader';
import { showToast } from '../../../shared/ui/toast';
import { isNarrowScreen, useNarrowScreen } from '../../../shared/ui/use-narrow-screen';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { PasskeyActions, PasskeyName, lastUsed, type PasskeyActionHandlers } from './passkey-parts';
import { ProfileCard } from './profile-card';

// Loaded when wanted (decision 0045): the naming dialog with its first opening; the table (Mantine's
// Table) only on a screen wide enough for it, fetched with the screen's code, alongside the list's data.
const PasskeyNameModal = dialogOnFirstOpen(() =>
  import('./passkey-name-modal').then((m) => m.PasskeyNameModal),
);
const PasskeysTable = lazyComponent(() => import('./passkeys-table').then((m) => m.PasskeysTable));
// Fetched as soon as this code runs (with the screen, or on the intent to open it) on a wide
// screen, not one step later when the card is drawn.
if (!isNarrowScreen()) void PasskeysTable.preload().catch(() => undefined);

const preloadDialogs = () => {
  PasskeyNameModal.preload();
  ConfirmPasswordModal.preload();
};

const loader = <PageLoader label="Loading passkeys…" minHeight={80} />;

function PasskeyList({
  passkeys,
  narrow,
  ...actions
}: PasskeyActionHandlers & { passkeys: Passkey[]; narrow: boolean }) {
  if (passkeys.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        No passkeys yet. A passkey signs you in with your device's screen lock or a security key: no password
        and no emailed code.
      </Text>
    );
  if (narrow)
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Passkeys">
        {passkeys.map((passkey) => (
          <Paper component="li" withBorder radius="md" p="sm" key={passkey.id}>
            <PasskeyName passkey={passkey} />
            <Text fz="sm" c="dimmed" mt={4}>
              Added {formatDayTime(passkey.createdAt)}
            </Text>
            <Text fz="sm" c="dimmed" mb="xs">
              Last used {lastUsed(passkey)}
            </Text>
            <PasskeyActions passkey={passkey} {...actions} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Suspense fallback={loader}>
      <PasskeysTable passkeys={passkeys} {...actions} />
    </Suspense>
  );
}

/**
 * Profile 'Passkeys' card (docs/product.md "Additions beyond SPEC"): add a named passkey, the list
 * with created and last-used dates, rename, and remove with the current password.
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const narrow = useNarrowScreen();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  const onAdd = async (name: string) => {
    try {
      const { message } = await add.mutateAsync(name);
      setAdding(false);
      showToast({ color: 'green', message });
    } catch (error) {
      // The person closed the browser's prompt: the dialog stays, saying so.
      if (isCancelled(error)) throw new Error(PASSKEY_MESSAGES.cancelled, { cause: error });
      throw error;
    }
  };

  return (
    <ProfileCard
      id="profile-passkeys"
      title="Passkeys"
      actions={
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!supported}
          {...openerProps(PasskeyNameModal)}
          onClick={() => setAdding(true)}
        >
          Add a passkey
        </Button>
      }
    >
      {!supported && (
        <Alert color="gray" variant="light" mb="md">
          {PASSKEY_MESSAGES.unsupported}
        </Alert>
      )}
      {passkeys.isPending ? (
        loader
      ) : passkeys.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load your passkeys: {passkeys.error.message}
        </Alert>
      ) : (
        <PasskeyList
          passkeys={passkeys.data}
          narrow={narrow}
          onRename={setRenaming}
          onRemove={setRemoving}
          onIntent={preloadDialogs}
        />
      )}
      {adding && (
        <PasskeyNameModal
          opened
          title="Add a passkey"
          submitLabel="Continue"
          initialName=""
          help="Name it after the device or key it lives on; your browser then asks you to create it."
          onSubmit={onAdd}
          onClose={() => setAdding(false)}
        />
      )}
      {renaming && (
        <PasskeyNameModal
          opened
          title="Rename passkey"
          submitLabel="Save"
          initialName={renaming.name}
          onSubmit={async (name) => {
            const { message } = await rename.mutateAsync({ id: renaming.id, name });
            setRenaming(null);
            showToast({ color: 'green', message });
          }}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmPasswordModal
        opened={removing !== null}
        title="Remove passkey"
        reason={
          removing
            ? `Enter your current password to remove “${removing.name}”. It will no longer sign you in.`
            : undefined
        }
        onConfirm={async (currentPassword) => {
          if (!removing) return;
          const message = await remove.mutateAsync({ id: removing.id, currentPassword });
          setRemoving(null);
          showToast({ color: 'green', message });
        }}
        onCancel={() => setRemoving(null)}
      />
    </ProfileCard>
  );
}
