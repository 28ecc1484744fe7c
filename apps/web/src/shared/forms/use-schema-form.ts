import { useMemo, type ReactNode } from 'react';
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type * as z from 'zod/mini';
import { focusFirstInvalid } from './focus-field';

type Values<S extends z.ZodMiniType> = z.input<S> & Record<string, unknown>;

export type SchemaForm<S extends z.ZodMiniType> = UseFormReturnType<
  Values<S>,
  z.output<S>,
  (values: Values<S>) => FormErrors
> & {
  /** The field's message once it may be shown (the field was left, or the form submitted). */
  shownError: (field: keyof z.input<S> & string) => ReactNode;
};

/**
 * @mantine/form on a contract schema, behaving as SPEC §5 asks of every form:
 * - the schema (Standard Schema resolver) checks a field on change and on blur, first message only;
 * - a field's message shows once the field has been left, or once the form was submitted;
 * - a submit that fails validation focuses the first invalid field;
 * - the submit handler gets the schema's output (trimmed text), as the server will read it.
 */
export function useSchemaForm<S extends z.ZodMiniType>(schema: S, initialValues: z.input<S>): SchemaForm<S> {
  // Our schemas have no async refinements: a synchronous resolver means no "validating" flicker.
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  const form = useForm<Values<S>, z.output<S>, FormErrors>({
    mode: 'controlled',
    initialValues: initialValues as Values<S>,
    validate,
    validateInputOnChange: true,
    validateInputOnBlur: true,
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
          self.setTouched((touched) => (touched[field] ? touched : { ...touched, [field]: true }));
        },
        error: self.isTouched(field) ? error : undefined,
      };
    },
  });

  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) => (event) => {
    const root = event?.currentTarget;
    // Submitting shows every field's message, as if each had been left.
    form.setTouched(Object.fromEntries(Object.keys(form.getValues()).map((key) => [key, true])));
    form.onSubmit(handleSubmit, (errors, values, failedEvent) => {
      if (root) focusFirstInvalid(root, errors);
      handleValidationFailure?.(errors, values, failedEvent);
    })(event);
  };

  const shownError = (field: string) => (form.isTouched(field) ? form.errors[field] : undefined);
  return { ...form, onSubmit, shownError };
}
