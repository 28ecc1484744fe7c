import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES } from '@portal/contract';

/** docs/product.md §5: PNG or JPEG, at most 10,240,000 bytes. Checked before uploading; the server checks bytes again. */
export const isAcceptableLogo = (file: File) =>
  (LOGO_TYPES as readonly string[]).includes(file.type) && file.size <= LOGO_MAX_BYTES;

/** Which rule a file breaks, in the words the server uses (the red hint said none). */
export const logoProblem = (file: File): string | null =>
  !(LOGO_TYPES as readonly string[]).includes(file.type)
    ? LOGO_MESSAGES.fileType
    : file.size > LOGO_MAX_BYTES
      ? LOGO_MESSAGES.tooLarge
      : null;

export const LOGO_ACCEPT = LOGO_TYPES.join(',');
