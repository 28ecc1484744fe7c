import * as z from 'zod/mini';
import { coercedId, text } from './rules';
import { META_KEYS } from './constants';
import { dataOf } from './envelope';
import { fileSchema, metaItemSchema } from './user';

/** Texts of the users administration answers (docs/api.md "Users", "Files", meta/user). */
export const USER_ADMIN_MESSAGES = {
  userDeleted: 'User deleted successfully.',
  userBlocked: 'User deleted and blocked successfully.',
  userRestored: 'User restored successfully.',
  emailTaken: 'The email has already been taken.',
  roleInvalid: 'The selected role is invalid.',
  ownRole: 'You cannot change your own role.',
  deleteSelf: 'You cannot delete your own account.',
  adminOnlyMeta: 'Only an admin may change this setting.',
  fieldNotAllowed: (field: string) => `The ${field} field is not allowed.`,
  biAccountDeleteFailed: 'Could not delete the NSBI account. Try again, or delete without it.',
  /**
   * 422 (with `current_password` under errors): a change to another administrator, granting the
   * admin role, or a bulk block/restore/delete needs the acting admin's own password.
   */
  stepUpRequired: 'Confirm with your password: this change needs it.',
  /** The dialog that asks for it says why, under its title "Confirm with your password". */
  stepUpWhy: 'Changes to other administrators, and to many users at once, need your own password.',
  /** The mail to a user whose password an administrator set. */
  passwordSetByAdmin: 'An administrator set a new password for your account.',
} as const;

/**
 * The body of DELETE users/{id} and users/{id}/restore: the acting admin's password, which the
 * server asks for when the user is another administrator (a body, never the query: URLs are logged).
 */
export const stepUpBodySchema = z.nullish(
  z.strictObject({ current_password: z.optional(text().check(z.maxLength(200))) }),
);

/** Meta keys a user never sees about themselves unless they are an admin (docs/product.md §5: admin notes only for admins). */
export const ADMIN_VISIBLE_META_KEYS: readonly string[] = [META_KEYS.adminNotes];

export const LOGO_MESSAGES = {
  fileRequired: 'File is a required field',
  /** PNG or JPEG by content, whatever the file's name or declared type says. */
  fileType: 'The logo must be a PNG or JPEG image.',
  tooLarge: 'The logo may not be greater than 10 MB.',
  typeInvalid: 'The selected type is invalid.',
  oneFile: 'Upload one file at a time.',
  /** A second upload while the same user's first is still being sent or processed (429). */
  uploadInProgress: 'Your previous upload is still in progress. Please wait for it to finish.',
} as const;

/** Text fields of `POST files/logo` (multipart; the `file` part is checked by its bytes). */
export const logoUploadFieldsSchema = z.strictObject({
  user_id: coercedId({ error: 'The user_id field is required.' }),
  type: z.literal('logo', { error: LOGO_MESSAGES.typeInvalid }),
});
export type LogoUploadFields = z.infer<typeof logoUploadFieldsSchema>;

/** `GET files/public/{key}` (and its thumbnail): the key of a stored image's public_url. */
export const fileKeyParamsSchema = z.object({ key: z.string() });

/** `POST files/logo` answer. */
export const logoUploadResponseSchema = dataOf(fileSchema);
/**
 * `POST meta/user` answer: the user's whole meta list. When the save turned Uses NSBI on, the server
 * made (or found) the user's BI account in the same call: `bi_account` says whether that worked
 * (docs/product.md §4 "Saving settings is followed by BI account creation").
 */
export const metaListResponseSchema = z.object({
  data: z.array(metaItemSchema),
  bi_account: z.optional(z.enum(['ready', 'failed'])),
});

/** Path parameter `{id}` of users/{id}, files/{id}. */
export const idParamsSchema = z.object({ id: coercedId() });
