import type { ReactNode } from 'react';
import { MESSAGES } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';

/**
 * Puts a failed call's 422 messages under the form's own fields (SPEC §5 last rule) and returns the
 * message for the inline box when no field took it (429, a bad token, 404...).
 */
export function applyServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setFieldError: (field: F, message: ReactNode) => void,
): string | null {
  if (!isApiError(error)) return MESSAGES.serverError;
  const placed = fields.filter((field) => error.fieldError(field));
  placed.forEach((field) => setFieldError(field, error.fieldError(field)));
  return placed.length > 0 ? null : error.message;
}
