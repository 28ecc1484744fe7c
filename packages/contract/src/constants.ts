/** Business constants of docs/product.md §9 and docs/api.md: the one place each number is written. */

export const API_PREFIX = '/api/v1.0';
export const PRODUCT_NAME = 'Customer Portal';
export const VENDOR_CONTACT_EMAIL = 'support@example.com';

/** Seeded role ids (docs/api.md "Role"). A role check compares ids, never names. */
export const ROLE_IDS = { admin: 1, developer: 2, customer: 3 } as const;
export type RoleId = (typeof ROLE_IDS)[keyof typeof ROLE_IDS];
/** Roles that see Developer Resources (docs/product.md §6: admin and one further developer role). */
export const DEVELOPER_RESOURCE_ROLE_IDS: readonly number[] = [ROLE_IDS.admin, ROLE_IDS.developer];

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_DEBOUNCE_MS = 500;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 15;
export const PHONE_MIN_DIGITS = 10;

export const LOGO_MAX_BYTES = 10_240_000;
export const LOGO_MAX_LABEL = '10 MB';
export const LOGO_HEIGHT = 54;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/** docs/product.md §4/§9: a stored cache version below this clears the client cache on load. */
export const CACHE_VERSION = 8;

/** docs/product.md §9: toasts close after 5 s in some flows (failures, warnings), 3 s in others (successes). */
export const TOAST_MS = 5000;
export const SHORT_TOAST_MS = 3000;
/** docs/product.md §9: modal transition 300 ms, backdrop 150 ms. */
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_MS = 150;
export const SESSION_EXPIRED_REDIRECT_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ANALYSIS_FRAME_HEIGHT = 1500;
export const FOLDER_TILE_SIZE = 200;
export const DATE_DISPLAY_FORMAT = 'MMM d, yyyy';

/** Meta keys of docs/api.md "Meta keys". Flags are stored as "0"/"1". */
export const META_KEYS = {
  companyName: 'company_name',
  primaryPhone: 'primary_phone_number',
  secondaryPhone: 'secondary_phone_number',
  notes: 'notes',
  adminNotes: 'admin_notes',
  twoFactor: 'settings.two_factor_enabled',
  singleSession: 'settings.single_session_limit',
  nsbiEnabled: 'settings.nsbi_enabled',
} as const;
export const META_KEY_LIST = Object.values(META_KEYS);
export type MetaKey = (typeof META_KEY_LIST)[number];
/** Meta keys only an admin may write (docs/api.md meta/user). */
export const ADMIN_ONLY_META_KEYS: readonly string[] = [META_KEYS.adminNotes, META_KEYS.nsbiEnabled];

export const SYSTEM_SETTING_KEYS = { maintenanceMode: 'maintenance_mode' } as const;

/** Browser storage keys (docs/product.md §9; docs/api.md "Client storage"). */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'portal_access_token',
  refreshToken: 'portal_refresh_token',
  mobileView: 'mobile_view',
  buildNumber: 'build_number',
  nsbi: 'nsbi',
  /** The id of the admin's bulk job while it runs: a reload of the tab follows it on. */
  bulkJob: 'portal_bulk_job',
} as const;

export const MOBILE_TARGET = 'mobile-app';

/** Sign-in throttling (docs/api.md "Throttling"). */
export const THROTTLE = {
  accountFailures: 5,
  accountLockBaseMs: 60_000,
  accountLockMaxMs: 15 * 60_000,
  ipFailures: 50,
  ipWindowMs: 15 * 60_000,
  /**
   * Failures a day against one account from clients without its device cookie, past which a right
   * password gets the emailed code (202) instead of a session.
   */
  accountDailyFailures: 100,
  /** Two-factor codes a user may try in a day, over all their challenges (each allows 5). */
  twoFactorDailyCodes: 20,
} as const;
