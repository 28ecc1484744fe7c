import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_DEBOUNCE_MS } from '@portal/contract';

type SearchInputProps = {
  /** The search in effect (e.g. from the URL). */
  value: string;
  /** Called SEARCH_DEBOUNCE_MS after typing stops (docs/product.md §9), or at once on clear / Enter. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
};

/** A server-side search box: typing is local, the search is committed debounced. */
export function SearchInput({ value, onSearch, label, placeholder }: SearchInputProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const commit = useDebouncedCallback((next: string) => onSearch(next), SEARCH_DEBOUNCE_MS);

  // The search changed from outside (back/forward, a link): show it, unless it is what was typed.
  if (value !== committed) {
    setCommitted(value);
    if (value !== text.trim()) setText(value);
  }

  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder ?? label}
      value={text}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text !== '' ? (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              setText('');
              commit.cancel();
              onSearch('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        commit.cancel();
        onSearch(text);
      }}
      w={{ base: '100%', sm: 400 }}
    />
  );
}
