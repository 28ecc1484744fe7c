import { useState } from 'react';
import { Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { META_KEYS, MESSAGES, metaFlag, type User } from '@portal/contract';
import { refreshMe } from '../../../shared/api/get-me';
import { showToast } from '../../../shared/ui/toast';
import { useSaveUserMeta } from '../../../shared/users/api/save-user-meta';
import { USERS_QUERY_ROOT } from '../../../shared/users/query-keys';
import { ensureBiAccount } from '../api/create-bi-account';
import { useSavedFlash } from './saved-indicator';
import { SettingsCard } from './settings-card';

type UserFlagsCardProps = { user: User; isSelf: boolean; viewerIsAdmin: boolean };

const FLAGS = [
  { key: META_KEYS.twoFactor, label: 'Two Factor Authentication', adminOnly: false },
  { key: META_KEYS.singleSession, label: 'Limit to Single Session', adminOnly: false },
  { key: META_KEYS.nsbiEnabled, label: 'Uses NSBI', adminOnly: true },
] as const;

type FlagKey = (typeof FLAGS)[number]['key'];

/**
 * The user's toggles (SPEC §2 Settings). Each saves at once through POST meta/user, optimistically:
 * the switch moves now and moves back with 'Oops! Could not save the settings.' if the save fails.
 * A save that leaves NSBI on is followed by BI account creation (SPEC §4).
 */
export function UserFlagsCard({ user, isSelf, viewerIsAdmin }: UserFlagsCardProps) {
  const queryClient = useQueryClient();
  const save = useSaveUserMeta();
  const [shown, setShown] = useState<Partial<Record<FlagKey, boolean>>>({});
  const [saved, flashSaved] = useSavedFlash();
  const value = (key: FlagKey) => shown[key] ?? metaFlag(user, key);

  const toggle = async (key: FlagKey, next: boolean) => {
    const previous = value(key);
    setShown((s) => ({ ...s, [key]: next }));
    try {
      await save.mutateAsync({ user_id: user.id, meta: [{ key, value: next ? '1' : '0' }] });
      flashSaved();
      const nsbiOn = key === META_KEYS.nsbiEnabled ? next : value(META_KEYS.nsbiEnabled);
      if (nsbiOn) {
        await ensureBiAccount(user.id).catch(() =>
          showToast({ id: 'bi-account-failed', color: 'red', message: MESSAGES.biAccountFailed }),
        );
      }
      // Your own flags live in the stored user (NSBI mode, guards); another user's in the users cache.
      if (isSelf) await refreshMe(queryClient).catch(() => undefined);
      else await queryClient.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
    } catch {
      setShown((s) => ({ ...s, [key]: previous }));
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
          checked={value(flag.key)}
          onChange={(event) => void toggle(flag.key, event.currentTarget.checked)}
        />
      ))}
    </SettingsCard>
  );
}
