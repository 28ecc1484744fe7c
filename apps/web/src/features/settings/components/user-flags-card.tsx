import { useState } from 'react';
import { Switch } from '@mantine/core';
import { META_KEYS, MESSAGES, type User } from '@portal/contract';
import { ApiError } from '../../../shared/api/api-error';
import { useCurrentUser } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/toast';
import { ConfirmPasswordModal } from '../../../shared/ui/confirm-password-modal';
import { asksForPassword } from '../../../shared/ui/use-step-up';
import { useSaveUserMeta } from '../api/save-user-meta';
import { useSavedFlash } from './saved-indicator';
import { SettingsCard } from './settings-card';

type UserFlagsCardProps = { user: User; viewerIsAdmin: boolean };

const FLAGS = [
  { key: META_KEYS.twoFactor, label: 'Two Factor Authentication', adminOnly: false },
  { key: META_KEYS.singleSession, label: 'Limit to Single Session', adminOnly: false },
  { key: META_KEYS.nsbiEnabled, label: 'Uses NSBI', adminOnly: true },
] as const;

type FlagKey = (typeof FLAGS)[number]['key'];

/**
 * The user's toggles (docs/product.md §2 Settings). Each saves at once through POST meta/user, optimistically
 * (the hook's `flag`): the switch moves now and moves back with 'Oops! Could not save the settings.'
 * if the save fails.
 * Turning NSBI on makes the BI account on the server, in the same call (docs/product.md §4).
 */
export function UserFlagsCard({ user, viewerIsAdmin }: UserFlagsCardProps) {
  const save = useSaveUserMeta(user);
  const [saved, flashSaved] = useSavedFlash();
  const me = useCurrentUser();
  const [confirmingTwoFactorOff, setConfirmingTwoFactorOff] = useState(false);

  const toggle = async (key: FlagKey, next: boolean, currentPassword?: string) => {
    // Turning your own two-factor off needs your current password (asked first, in a modal).
    if (key === META_KEYS.twoFactor && !next && me?.id === user.id && currentPassword === undefined) {
      setConfirmingTwoFactorOff(true);
      return;
    }
    try {
      const { biAccount } = await save.mutateAsync({
        user_id: user.id,
        meta: [{ key, value: next ? '1' : '0' }],
        ...(currentPassword !== undefined && { current_password: currentPassword }),
      });
      flashSaved();
      if (!biAccount) showToast({ id: 'bi-account-failed', color: 'red', message: MESSAGES.biAccountFailed });
    } catch (error) {
      // A wrong current password is the modal's to show.
      if (currentPassword !== undefined && error instanceof ApiError && error.fieldErrors.current_password)
        throw error;
      // Another administrator's two-factor: the server asks for your own password, in the same modal.
      if (asksForPassword(error)) {
        setConfirmingTwoFactorOff(true);
        return;
      }
      showToast({ id: 'settings-save-failed', color: 'red', message: MESSAGES.settingsSaveFailed });
    }
  };

  return (
    <SettingsCard title="User Settings" saved={saved}>
      {FLAGS.filter((flag) => viewerIsAdmin || !flag.adminOnly).map((flag) => (
        <Switch
          key={flag.key}
          label={flag.label}
          size="md"
          checked={save.flag(flag.key)}
          onChange={(event) => void toggle(flag.key, event.currentTarget.checked)}
        />
      ))}
      <ConfirmPasswordModal
        opened={confirmingTwoFactorOff}
        title="Turn off Two Factor Authentication"
        onCancel={() => setConfirmingTwoFactorOff(false)}
        onConfirm={async (currentPassword) => {
          await toggle(META_KEYS.twoFactor, false, currentPassword);
          setConfirmingTwoFactorOff(false);
        }}
      />
    </SettingsCard>
  );
}
