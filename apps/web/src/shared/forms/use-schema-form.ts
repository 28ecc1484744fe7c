import { useMemo, useRef, useState, type ReactNode } from 'react';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type * as z from 'zod/mini';
import { MESSAGES } from '@portal/contract';
import { isApiError } from '../api/api-error';
import { focusField, focusFirstInvalid } from './focus-field';

/**
 * A blur caused by a press (mouse, touch, pen) on something else — a link under a centred form —
 * must not show the field's message before that press ends: the message grows the form, the
 * target moves away under the pointer and the click is lost. Such blurs mark the
 * field left once the press is over (and its click delivered).
 */
const afterPress: Array<() => void> = [];
let pressing = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressing = true), true);
  const release = () =>
    setTimeout(() => {
      pressing = false;
      afterPress.splice(0).forEach((run) => run());
    });
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
const whenNotPressing = (run: () => void) => (pressing ? afterPress.push(run) : run());

type Values<S extends z.ZodMiniType> = z.input<S> & Record<string, unknown>;
type Field<S extends z.ZodMiniType> = keyof z.input<S> & string;

/** A 422 message under a field, shown while the field still holds the value the server refused. */
type ServerError = { message: string; value: unknown };

export type SchemaForm<S extends z.ZodMiniType> = UseFormReturnType<
  Values<S>,
  z.output<S>,
  (values: Values<S>) => FormErrors
> & {
  /** The field's message once it may be shown (the field was left, or the form submitted). */
  shownError: (field: Field<S>) => ReactNode;
  /**
   * After a failed submit (docs/product.md §5 last rule, §8): puts each 422 message under its field and
   * focuses the first such field; returns the message for the form's inline box (FormError) — the
   * error's own message when it named no field, the messages of keys no field here takes, else
   * null. `fieldOf` maps an API error key to a field (docs/api.md "Error keys"); by default a key is
   * the field of the same name.
   */
  applyServerErrors: (error: unknown, fieldOf?: (key: string) => Field<S> | undefined) => string | null;
};

/**
 * @mantine/form on a contract schema, behaving as docs/product.md §5 asks of every form:
 * - the schema (Standard Schema resolver) checks a field on change and on blur, first message only;
 * - a field's message shows once the field has been left, or once the form was submitted;
 * - a submit that fails validation focuses the first invalid field;
 * - the submit handler gets the schema's output (trimmed text), as the server will read it;
 * - a server's 422 message stays under its field until that field's value changes (a blur that
 *   re-validates the field on the client must not wipe "The email has already been taken.");
 * - a change re-checks every field that shows a message, since rules span fields (clearing the
 *   password makes "Confirm password is a required field" wrong on Edit User).
 */
export function useSchemaForm<S extends z.ZodMiniType>(schema: S, initialValues: z.input<S>): SchemaForm<S> {
  // Our schemas have no async refinements: a synchronous resolver means no "validating" flicker.
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  const [serverErrors, setServerErrors] = useState<Record<string, ServerError>>({});
  // The form element of the last submit: where a server error's field is focused.
  const submitted = useRef<ParentNode | null>(null);
  const serverError = (field: string, values: Record<string, unknown>) => {
    const entry = serverErrors[field];
    return entry && values[field] === entry.value ? entry.message : undefined;
  };

  const form = useForm<Values<S>, z.output<S>, FormErrors>({
    mode: 'controlled',
    initialValues: initialValues as Values<S>,
    validate,
    validateInputOnChange: true,
    validateInputOnBlur: true,
    onValuesChange: () => {
      // `form` is assigned by then: this runs on a change, never during useForm itself.
      for (const field of Object.keys(form.errors)) form.validateField(field);
    },
    // Submit runs only on valid values, so parsing cannot throw here.
    transformValues: (values) => schema.parse(values),
    // Mantine counts a field touched on focus or change; "touched" here means "left" (the field's
    // error must not appear while it is first being typed), so only blur and submit touch.
    touchTrigger: 'focus',
    enhanceGetInputProps: ({ inputProps, field, form: self }) => {
      // Read now: Mantine merges what this returns into inputProps, replacing its onBlur.
      const { onBlur: validateOnBlur, error } = inputProps;
      return {
        name: field, // what password managers and autofill key on
        onFocus: undefined,
        onBlur: () => {
          validateOnBlur?.();
          whenNotPressing(() =>
            self.setTouched((touched) => (touched[field] ? touched : { ...touched, [field]: true })),
          );
        },
        error: (self.isTouched(field) ? error : undefined) ?? serverError(field, self.getValues()),
      };
    },
  });

  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) => (event) => {
    const root = event?.currentTarget ?? null;
    submitted.current = root;
    setServerErrors({});
    // Submitting shows every field's message, as if each had been left.
    form.setTouched(Object.fromEntries(Object.keys(form.getValues()).map((key) => [key, true])));
    form.onSubmit(handleSubmit, (errors, values, failedEvent) => {
      if (root) focusFirstInvalid(root, errors);
      handleValidationFailure?.(errors, values, failedEvent);
    })(event);
  };

  const applyServerErrors: SchemaForm<S>['applyServerErrors'] = (error, fieldOf) => {
    if (!isApiError(error)) return MESSAGES.serverError;
    const values = form.getValues();
    const fieldOfKey = fieldOf ?? ((key: string) => (key in values ? (key as Field<S>) : undefined));
    const placed: Record<string, ServerError> = {};
    const unplaced: string[] = [];
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      const field = fieldOfKey(key);
      if (!message) continue;
      if (field === undefined) unplaced.push(message);
      else placed[field] ??= { message, value: values[field] };
    }
    setServerErrors(placed);
    const first = Object.keys(placed)[0];
    if (first) focusField(submitted.current, first);
    if (Object.keys(error.fieldErrors).length === 0) return error.message;
    return unplaced.length > 0 ? unplaced.join(' ') : null;
  };

  const shownError = (field: string) =>
    (form.isTouched(field) ? form.errors[field] : undefined) ?? serverError(field, form.getValues());
  return { ...form, onSubmit, shownError, applyServerErrors };
}
