import { LOGO_MAX_BYTES, LOGO_TYPES } from '@portal/contract';

/** docs/product.md §5: PNG or JPEG, at most 10,240,000 bytes. Checked before uploading; the server checks bytes again. */
export const isAcceptableLogo = (file: File) =>
  (LOGO_TYPES as readonly string[]).includes(file.type) && file.size <= LOGO_MAX_BYTES;

export const LOGO_ACCEPT = LOGO_TYPES.join(',');
