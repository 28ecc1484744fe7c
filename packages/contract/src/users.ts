import * as z from 'zod/mini';
import { BI_ID_ERROR, BI_ID_PATTERN, MAX_ID, coercedId, text } from './rules';
import { META_KEY_LIST, META_KEYS, PHONE_MIN_DIGITS, type MetaKey } from './constants';
import { VALIDATION, required } from './messages';
import { requiredText } from './auth';
import { pagedQuerySchema } from './envelope';
import { newPasswordSchema, passwordRule, passwordsMustMatch } from './password-rules';

/** docs/product.md §5 phone rule: optional; at least 10 digits; only 7–10 digits (so, in effect, exactly 10). */
export const phoneNumberSchema = text().check(
  z.trim(),
  z.refine((v) => v === '' || v.length >= PHONE_MIN_DIGITS, { error: VALIDATION.phoneMinDigits }),
  z.refine((v) => v === '' || /^[0-9]{7,10}$/.test(v), { error: VALIDATION.phoneOnlyNumbers }),
);

export const emailSchema = (label = 'Email') =>
  z.pipe(
    text({ error: required(label) }).check(
      z.trim(),
      z.minLength(1, { error: required(label) }),
      z.maxLength(255, { error: `${label} may not be greater than 255 characters` }),
    ),
    z.email({ error: VALIDATION.invalidEmail(label) }),
  );

/** Meta keys an admin may set through the user form, with their rules. */
export const USER_FORM_META_KEYS = [
  META_KEYS.companyName,
  META_KEYS.primaryPhone,
  META_KEYS.secondaryPhone,
  META_KEYS.notes,
  META_KEYS.adminNotes,
  META_KEYS.nsbiEnabled,
] as const;
/** The rule of each meta key's value (META_KEYS); flags are "0"/"1". */
export const META_VALUE_RULES: Record<string, z.ZodMiniType<string>> = {
  [META_KEYS.primaryPhone]: phoneNumberSchema,
  [META_KEYS.secondaryPhone]: phoneNumberSchema,
  [META_KEYS.companyName]: text().check(
    z.trim(),
    z.maxLength(255, { error: 'Company name may not be greater than 255 characters' }),
  ),
  [META_KEYS.notes]: text().check(
    z.maxLength(5000, { error: 'Notes may not be greater than 5000 characters' }),
  ),
  [META_KEYS.adminNotes]: text().check(
    z.maxLength(5000, { error: 'Admin notes may not be greater than 5000 characters' }),
  ),
  [META_KEYS.nsbiEnabled]: z.enum(['0', '1'], { error: 'Uses NSBI must be 0 or 1' }),
  [META_KEYS.twoFactor]: z.enum(['0', '1'], { error: 'Two Factor Authentication must be 0 or 1' }),
  [META_KEYS.singleSession]: z.enum(['0', '1'], { error: 'Limit to Single Session must be 0 or 1' }),
};

/** Checks meta values by META_VALUE_RULES; an error is keyed by the meta key (docs/api.md "Error keys"). */
function checkMetaValues(meta: Array<{ key: string; value: string | null }>, ctx: z.core.$RefinementCtx) {
  for (const item of meta) {
    const r = META_VALUE_RULES[item.key]?.safeParse(item.value ?? '');
    if (r && !r.success)
      ctx.addIssue({ code: 'custom', path: [item.key], message: r.error.issues[0]!.message });
  }
}

/** On edit an empty (or null) password means "keep the old one" (docs/api.md PUT users/{id}): dropped. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Classic zod's `z.preprocess`, which zod/mini lacks: `fn` runs on the raw input, then `schema`. Typed
 * as classic types it, so a key whose `schema` is optional stays optional in the input type.
 */
const preprocess = <T extends z.core.$ZodType>(fn: (input: unknown) => unknown, schema: T) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<
    z.core.output<T>,
    unknown,
    z.core.$ZodPreprocessInternals<T>
  >;

/*
 * The rules the Create/Edit User form and POST users / PUT users/{id} share, each written once. The
 * form has flat fields (the web's @mantine/form validates with userFormSchema), the payload a meta
 * list (the server validates with userPayloadSchema); both are built from these.
 */

/** On edit an empty password keeps the old one; a typed one follows the password rule. */
const passwordOrEmpty = text().check(
  z.superRefine((value, ctx) => {
    if (value === '') return;
    const issue = passwordRule.safeParse(value).error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
);

/**
 * docs/product.md §5 Confirm password: required, and equal to the password (passwordsMustMatch, as on Register
 * and Reset password) — on edit only when a password is typed. The one place this rule is written.
 */
const passwordConfirmed = (mode: 'create' | 'edit') =>
  z.superRefine((v: { password?: string; password_confirmation?: string }, ctx) => {
    const password = v.password ?? '';
    const confirmation = v.password_confirmation ?? '';
    if (mode === 'edit' && password === '') return;
    if (confirmation === '')
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: required('Confirm password'),
      });
    else passwordsMustMatch({ password, password_confirmation: confirmation }, ctx);
  });

/** docs/product.md §5 Role: a number, required, min 1 (the payload may carry it as text: coerced there). */
const roleIdChecks = [
  z.int(),
  z.minimum(1, { error: VALIDATION.roleRequired }),
  z.maximum(MAX_ID, { error: VALIDATION.idOutOfRange }),
] as const;

/** A BI project (a GUID); '' from a cleared select means none, as null does. */
const projectIdSchema = z.nullable(
  text().check(
    z.trim(),
    z.refine((v) => v === '' || BI_ID_PATTERN.test(v), { error: BI_ID_ERROR }),
  ),
);

/**
 * The Create/Edit User form (flat fields), used by the web's @mantine/form through its schema resolver.
 * `mode: 'create'` requires the password; on edit an empty password means "keep the old one".
 */
export const userFormSchema = (mode: 'create' | 'edit') =>
  z
    .object({
      name: requiredText('Full name'),
      email: emailSchema(),
      password: mode === 'create' ? newPasswordSchema : passwordOrEmpty,
      password_confirmation: text(),
      // Changing one's own email or password needs it (the server decides when; empty otherwise).
      current_password: z.optional(text()),
      primary_phone_number: META_VALUE_RULES[META_KEYS.primaryPhone]!,
      secondary_phone_number: META_VALUE_RULES[META_KEYS.secondaryPhone]!,
      company_name: META_VALUE_RULES[META_KEYS.companyName]!,
      notes: META_VALUE_RULES[META_KEYS.notes]!,
      admin_notes: META_VALUE_RULES[META_KEYS.adminNotes]!,
      role_id: z.number({ error: VALIDATION.roleRequired }).check(...roleIdChecks),
      uses_nsbi: z.boolean(),
      project_id: projectIdSchema,
    })
    .check(passwordConfirmed(mode));
export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>;

/**
 * Body of POST users / PUT users/{id} (docs/product.md §3 "Create/update payload"). Meta values are checked by
 * the same rules as the form and their errors are keyed by meta key (docs/api.md "Error keys").
 * Unknown meta keys are refused, so nothing unexpected is ever stored.
 */
export const userPayloadSchema = (mode: 'create' | 'edit') =>
  z
    .strictObject({
      name: requiredText('Full name'),
      email: emailSchema(),
      // On edit an empty (or null) password is left out: the old one stays.
      password:
        mode === 'create' ? newPasswordSchema : preprocess(blankToUndefined, z.optional(passwordRule)),
      password_confirmation:
        mode === 'create' ? z.optional(text()) : preprocess(blankToUndefined, z.optional(text())),
      /** Re-authentication: one's own email or password changes only with it (docs/api.md PUT users/{id}). */
      current_password: preprocess(blankToUndefined, z.optional(text().check(z.maxLength(200)))),
      meta: z._default(
        z
          .array(z.object({ key: z.enum(USER_FORM_META_KEYS), value: z.nullable(text()) }))
          .check(z.maxLength(20)),
        [],
      ),
      role_id: z.coerce.number({ error: VALIDATION.roleRequired }).check(...roleIdChecks),
      project_id: z.optional(projectIdSchema),
    })
    .check(
      z.superRefine((v, ctx) => checkMetaValues(v.meta, ctx)),
      passwordConfirmed(mode),
    );
export type UserPayload = z.infer<ReturnType<typeof userPayloadSchema>>;

/**
 * The body of POST users / PUT users/{id} as the web sends it: the schema's payload, whose password
 * an edit leaves out (one type for both modes, where the create schema requires it).
 */
export type UserPayloadRequest = Omit<UserPayload, 'password'> & Partial<Pick<UserPayload, 'password'>>;

/** Form values → API payload. On edit an empty password drops both password fields (docs/product.md §5). */
export function toUserPayload(form: UserFormValues, opts: { isAdmin: boolean }): UserPayloadRequest {
  const meta = [
    { key: META_KEYS.companyName, value: form.company_name },
    { key: META_KEYS.primaryPhone, value: form.primary_phone_number },
    { key: META_KEYS.secondaryPhone, value: form.secondary_phone_number },
    { key: META_KEYS.notes, value: form.notes },
    ...(opts.isAdmin
      ? [
          { key: META_KEYS.adminNotes, value: form.admin_notes },
          { key: META_KEYS.nsbiEnabled, value: form.uses_nsbi ? '1' : '0' },
        ]
      : []),
  ] as Array<{ key: (typeof USER_FORM_META_KEYS)[number]; value: string }>;
  return {
    name: form.name,
    email: form.email,
    ...(form.password !== '' && {
      password: form.password,
      password_confirmation: form.password_confirmation,
    }),
    ...(form.current_password && { current_password: form.current_password }),
    meta,
    role_id: form.role_id,
    project_id: form.uses_nsbi ? form.project_id : null,
  };
}

export const USER_SORT_COLUMNS = ['id', 'name', 'email', 'createdAt'] as const;
export const usersQuerySchema = z.extend(pagedQuerySchema(USER_SORT_COLUMNS), {
  // `?blocked` alone (empty value) counts as blocked (docs/api.md "Blocked list URL").
  blocked: z.pipe(
    z.optional(z.enum(['', '0', '1', 'true', 'false'])),
    z.transform((v) => v === '' || v === '1' || v === 'true'),
  ),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** `GET users/export`: the list's search, blocked and order, `format=csv`; page and size are ignored. */
export const usersExportQuerySchema = z.extend(usersQuerySchema, {
  format: z._default(z.enum(['csv']), 'csv'),
});

/** A "0"/"1" query flag, "0" when absent, read as a boolean. */
const queryFlag = () =>
  z.pipe(
    z._default(z.enum(['0', '1']), '0'),
    z.transform((v) => v === '1'),
  );
export const deleteUserQuerySchema = z.object({
  block: queryFlag(),
  deleteRemoteAccount: queryFlag(),
  deleteRemoteFolders: queryFlag(),
  force: queryFlag(),
});

/**
 * The confirm-password dialog (turning one's own two-factor off): the current password, untrimmed,
 * required with the message the server answers when it is missing.
 */
export const confirmPasswordFormSchema = z.object({
  current_password: text().check(
    z.minLength(1, { error: VALIDATION.currentPasswordRequired }),
    z.maxLength(200),
  ),
});

/**
 * `POST meta/user` body: only known meta keys (docs/api.md "Meta keys"), each value by its rule, errors
 * keyed by meta key. Who may write which key (own user, admin-only keys) is the server's check.
 */
export const metaUpdateSchema = z
  .strictObject({
    user_id: coercedId({ error: 'The user_id field is required.' }),
    meta: z
      .array(
        z.strictObject({
          key: z.enum(META_KEY_LIST as [MetaKey, ...MetaKey[]], {
            error: 'The selected meta key is invalid.',
          }),
          value: z.nullable(text().check(z.maxLength(5000))),
        }),
      )
      .check(z.minLength(1), z.maxLength(50)),
    /** Turning one's own two-factor off needs it (the server decides when). */
    current_password: z.optional(z.string().check(z.maxLength(200))),
  })
  .check(z.superRefine((v, ctx) => checkMetaValues(v.meta, ctx)));
export type MetaUpdate = z.infer<typeof metaUpdateSchema>;
