import { Alert, Switch } from '@mantine/core';
import { MESSAGES, SYSTEM_SETTING_KEYS } from '@portal/contract';
import { isMaintenanceOn, useSystemSettings } from '../../../shared/api/get-system-settings';
import { showToast } from '../../../shared/ui/toast';
import { useSaveSystemSettings } from '../api/save-system-settings';
import { useSavedFlash } from './saved-indicator';
import { SettingsCard } from './settings-card';

/** 'Admin Settings' (docs/product.md §2): NSBI Maintenance Mode, the system setting maintenance_mode. */
export function AdminSettingsCard() {
  const settings = useSystemSettings();
  const save = useSaveSystemSettings();
  const [saved, flashSaved] = useSavedFlash();

  const toggle = async (on: boolean) => {
    try {
      await save.mutateAsync([{ key: SYSTEM_SETTING_KEYS.maintenanceMode, value: on ? '1' : '0' }]);
      flashSaved();
    } catch {
      showToast({ id: 'settings-save-failed', color: 'red', message: MESSAGES.settingsSaveFailed });
    }
  };

  return (
    <SettingsCard title="Admin Settings" saved={saved}>
      {settings.isError && !settings.data ? (
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.settingsFetchFailed}
        </Alert>
      ) : (
        <Switch
          label="NSBI Maintenance Mode"
          description="While on, NS BI is unavailable to everyone but admins."
          size="md"
          checked={isMaintenanceOn(settings.data)}
          disabled={settings.isPending}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
      )}
    </SettingsCard>
  );
}
