import { STORAGE_KEYS } from '@portal/contract';
import { sessionStore } from '../../../shared/storage/browser-storage';

/**
 * The running bulk job's id, kept in the tab's session storage: the job runs on on the server when
 * the page is reloaded, and the Users screen then follows it to its end again. Signing out clears
 * it with the rest of the tab's storage.
 */
export const rememberedBulkJob = {
  get(): number | null {
    const id = Number(sessionStore.get(STORAGE_KEYS.bulkJob));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set: (id: number) => sessionStore.set(STORAGE_KEYS.bulkJob, String(id)),
  forget: () => sessionStore.remove(STORAGE_KEYS.bulkJob),
};
