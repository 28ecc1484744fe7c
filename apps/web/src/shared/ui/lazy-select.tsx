import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Input, InputBase, type MantineSize, type Primitive, type SelectProps } from '@mantine/core';
import { MESSAGES } from '@portal/contract';
import type { Select as MantineSelect } from './mantine-select';

// Mantine's Select brings its combobox, popover, focus trap, scroll area and the floating-element
// library (~30 KB over the wire): fetched on the first sign that a field is wanted, not with the
// screen (decision 0045). Once here, every LazySelect draws the real one.
let loaded: typeof MantineSelect | undefined;
let loading: Promise<unknown> | undefined;
const loadSelect = () =>
  (loading ??= import('./mantine-select').then(
    (m) => (loaded = m.Select),
    (error: unknown) => {
      // Forgotten, so that the next sign of intent tries again.
      loading = undefined;
      throw error;
    },
  ));

/** Mantine's chevron (ComboboxChevron: its path, its size per input size, its colours). */
const CHEVRON_REM: Record<MantineSize, number> = { xs: 0.875, sm: 1.125, md: 1.25, lg: 1.5, xl: 1.75 };
function Chevron({ size, error }: { size: MantineSize; error: boolean }) {
  const side = `calc(${CHEVRON_REM[size]}rem * var(--mantine-scale))`;
  return (
    <svg
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden
      style={{
        width: side,
        height: side,
        color: error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-6)',
      }}
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** Keys that open a closed Select's list (Mantine's combobox target). */
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/** What the stand-in passes on to the real Select when it takes its place (besides an opened list). */
type HandOver = { focus: boolean; typed: string | null };

/** Types into the real input as a person would, so that Select filters its list by the text. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Mantine's `Select` with the same props, drawn at first as a look-alike input until the field is
 * wanted: the pointer coming over it, a touch, or the focus (Tab, a label's click, the form moving
 * to a field with an error) fetches the real one, which then takes its place with the focus, an
 * opened list when a click or an opening key asked for it, and the text typed so far (a searchable
 * field takes typing at once). Until then the stand-in has the real one's label, description and
 * error (the same ids), its value's label, placeholder, asterisk, disabled state, clear button and
 * combobox role, so nothing reads or looks different. A failed fetch is said under the field and
 * tried again on the next sign of intent.
 */
export function LazySelect<Value extends Primitive = string>(props: SelectProps<Value>) {
  const ownId = useId();
  const id = props.id ?? ownId;
  const [, setArrived] = useState(false);
  const [failed, setFailed] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const handOver = useRef<HandOver>({ focus: false, typed: null });
  const standIn = useRef<HTMLInputElement>(null);
  const real = useRef<HTMLInputElement>(null);
  const Select = loaded;

  // An effect of the parent runs after the real Select's own: its first one empties the search.
  useEffect(() => {
    const input = real.current;
    const { focus, typed: text } = handOver.current;
    if (!input || !focus) return;
    input.focus();
    if (text !== null) typeInto(input, text);
  }, [Select]);

  if (Select)
    return <Select {...props} id={id} ref={real} defaultDropdownOpened={openOnArrival || undefined} />;

  const { data, value, searchable, clearable, disabled, readOnly, size = 'sm', error, name } = props;
  // The label Select shows for the value (Mantine's parsing: a bare value is its own label).
  const option = (data ?? [])
    .flatMap((item) => (typeof item === 'object' && item !== null && 'items' in item ? item.items : [item]))
    .map((item) =>
      typeof item === 'object' && item !== null
        ? { value: item.value, label: 'label' in item ? item.label : `${item.value}` }
        : { value: item, label: `${item}` },
    )
    .find((item) => value != null && `${item.value}` === `${value}`);
  const label = option?.label ?? '';

  const want = () => {
    if (disabled || readOnly) return;
    setFailed(false);
    loadSelect().then(
      () => {
        handOver.current.focus = document.activeElement === standIn.current;
        setArrived(true);
      },
      () => setFailed(true),
    );
  };
  const wantOpen = () => {
    setOpenOnArrival(true);
    want();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!OPENING_KEYS.has(event.key) || (searchable && event.key === ' ')) return;
    // As the real one: the page does not scroll, and Enter does not submit the form.
    event.preventDefault();
    wantOpen();
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Leaving the field, not giving way to the real Select (which then has the focus).
    if (!loaded) props.onBlur?.(event);
  };

  const clearButton = (
    <Input.ClearButton
      tabIndex={-1}
      aria-hidden
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        setTyped(null);
        props.onChange?.(null, null);
        props.onClear?.();
      }}
    />
  );

  return (
    <>
      <InputBase
        ref={standIn}
        id={id}
        label={props.label}
        description={props.description}
        error={error ?? (failed ? MESSAGES.chunkLoadFailed('select') : undefined)}
        withAsterisk={props.withAsterisk}
        required={props.required}
        placeholder={props.placeholder}
        size={size}
        radius={props.radius}
        variant={props.variant}
        inputWrapperOrder={props.inputWrapperOrder}
        className={props.className}
        style={props.style}
        data-path={(props as { 'data-path'?: string })['data-path']}
        disabled={disabled}
        readOnly={readOnly || !searchable}
        pointer={!searchable}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        value={typed ?? label}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          handOver.current.typed = event.currentTarget.value;
          wantOpen();
        }}
        __defaultRightSection={<Chevron size={size as MantineSize} error={Boolean(error)} />}
        __clearSection={clearButton}
        __clearable={Boolean(clearable && value != null && !disabled && !readOnly)}
        rightSectionPointerEvents="none"
        onPointerEnter={want}
        onTouchStart={want}
        onMouseDown={wantOpen}
        onFocus={(event) => {
          want();
          props.onFocus?.(event);
        }}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
      />
      <input type="hidden" name={name} value={value == null ? '' : `${value}`} disabled={disabled} />
    </>
  );
}
