import type { FormErrors } from '@mantine/form';

/*
 * @mantine/form's getInputProps marks each input with `data-path="<field>"`. Looking fields up inside
 * the form element (not the whole document) keeps two forms with the same field names apart.
 */
const inputsOf = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLElement>('[data-path]'));

/** Focuses a field of the form, e.g. the first one a server 422 named. */
export function focusField(root: ParentNode | null, field: string) {
  if (root)
    inputsOf(root)
      .find((input) => input.dataset.path === field)
      ?.focus();
}

/** Focuses the first field, in page order, that has an error: where the person has to go next. */
export function focusFirstInvalid(root: ParentNode, errors: FormErrors) {
  inputsOf(root)
    .find((input) => errors[input.dataset.path ?? ''])
    ?.focus();
}
