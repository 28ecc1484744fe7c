import { META_KEYS, ROLE_IDS, metaFlag, metaValue, type User, type UserFormValues } from '@portal/contract';

/** The form's starting values: empty for a new user (role Customer, docs/api.md), else the user's own. */
export function userFormDefaults(user?: User | null): UserFormValues {
  const meta = (key: string) => (user ? (metaValue(user, key) ?? '') : '');
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    password_confirmation: '',
    current_password: '',
    primary_phone_number: meta(META_KEYS.primaryPhone),
    secondary_phone_number: meta(META_KEYS.secondaryPhone),
    company_name: meta(META_KEYS.companyName),
    notes: meta(META_KEYS.notes),
    admin_notes: meta(META_KEYS.adminNotes),
    role_id: user ? (user.roles[0]?.id ?? 0) : ROLE_IDS.customer,
    uses_nsbi: user ? metaFlag(user, META_KEYS.nsbiEnabled) : false,
    project_id: user?.dundas?.dundas_project_id ?? null,
  };
}

export type UserFormField = keyof UserFormValues;

/**
 * A 422's error key → the form field it belongs to (docs/api.md "Error keys": body fields by name, meta
 * fields by meta key, so most keys are already field names).
 */
const SERVER_KEY_TO_FIELD: Record<string, UserFormField> = {
  name: 'name',
  email: 'email',
  password: 'password',
  password_confirmation: 'password_confirmation',
  current_password: 'current_password',
  role_id: 'role_id',
  project_id: 'project_id',
  [META_KEYS.companyName]: 'company_name',
  [META_KEYS.primaryPhone]: 'primary_phone_number',
  [META_KEYS.secondaryPhone]: 'secondary_phone_number',
  [META_KEYS.notes]: 'notes',
  [META_KEYS.adminNotes]: 'admin_notes',
  [META_KEYS.nsbiEnabled]: 'uses_nsbi',
};

export const formFieldOfServerKey = (key: string): UserFormField | undefined => SERVER_KEY_TO_FIELD[key];
