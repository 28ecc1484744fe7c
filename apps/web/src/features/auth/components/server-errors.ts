import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { MESSAGES } from '@portal/contract';
import { isApiError } from '../../../shared/api/api-error';

/**
 * Puts a failed call's 422 messages under the form's own fields (SPEC §5 last rule) and returns the
 * message for the inline box when no field took it (429, a bad token, 404...).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!isApiError(error)) return MESSAGES.serverError;
  const placed = fields.filter((field) => error.fieldError(field));
  placed.forEach((field) => setError(field, { type: 'server', message: error.fieldError(field) }));
  return placed.length > 0 ? null : error.message;
}
