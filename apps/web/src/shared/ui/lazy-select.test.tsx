import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { renderWithProviders } from '../../test/render';
import type * as MantineSelectModule from './mantine-select';

const PROJECTS = [
  { value: 'fleet', label: 'Fleet Analytics' },
  { value: 'fuel', label: 'Fuel Reports' },
  { value: 'drivers', label: 'Driver Safety' },
];

/**
 * How often the real Select's module was fetched, whether the next fetch fails, and what a fetch
 * waits for before it arrives (the test lets it through).
 */
const fetches = vi.hoisted(() => ({
  count: 0,
  failNext: false,
  arrival: Promise.resolve() as Promise<unknown>,
}));

/** A fresh LazySelect module each time: the real Select is not fetched yet. */
async function freshLazySelect() {
  vi.resetModules();
  fetches.count = 0;
  vi.doMock('./mantine-select', async () => {
    fetches.count += 1;
    await fetches.arrival;
    if (fetches.failNext) {
      fetches.failNext = false;
      throw new Error('Failed to fetch dynamically imported module');
    }
    return vi.importActual<typeof MantineSelectModule>('./mantine-select');
  });
  return (await import('./lazy-select')).LazySelect;
}

async function renderField(props: { searchable?: boolean; initial?: string | null } = {}) {
  const LazySelect = await freshLazySelect();
  function Field() {
    const [value, setValue] = useState<string | null>(props.initial ?? null);
    return (
      <>
        <button type="button">Before</button>
        <LazySelect
          label="Project"
          description="Where the reports come from"
          placeholder="Select a project"
          data={PROJECTS}
          value={value}
          onChange={setValue}
          searchable={props.searchable}
          clearable
        />
        <output>chosen: {value ?? 'none'}</output>
      </>
    );
  }
  renderWithProviders(<Field />);
  return userEvent.setup();
}

const field = () => screen.getByRole('combobox', { name: 'Project' });

beforeEach(() => {
  fetches.failNext = false;
  fetches.arrival = Promise.resolve();
});

describe('LazySelect', () => {
  it("draws the field with its label, description and value before the real Select's code is fetched", async () => {
    await renderField({ initial: 'fuel' });
    expect(field()).toHaveValue('Fuel Reports');
    expect(field()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(field()).toHaveAccessibleDescription('Where the reports come from');
    expect(fetches.count).toBe(0);
  });

  it('opens the list for a key pressed while the code is on its way, with the focus on the field', async () => {
    const user = await renderField();
    let arrive = () => {};
    fetches.arrival = new Promise<void>((resolve) => (arrive = resolve));
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('option', { name: 'Driver Safety' })).toBeInTheDocument();
    expect(field()).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('chosen: fleet')).toBeInTheDocument();
    expect(fetches.count).toBe(1);
  });

  it('keeps what was typed into a searchable field and filters the list by it', async () => {
    const user = await renderField({ searchable: true });
    let arrive = () => {};
    fetches.arrival = new Promise<void>((resolve) => (arrive = resolve));
    await user.click(field());
    await user.keyboard('Dri');
    expect(field()).toHaveValue('Dri');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    arrive();
    await screen.findByRole('listbox');
    await waitFor(() => expect(field()).toHaveValue('Dri'));
    expect(field()).toHaveFocus();
    expect(await screen.findByRole('option', { name: 'Driver Safety' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Fuel Reports' })).not.toBeInTheDocument();
  });

  it('says under the field when the code cannot be fetched, and tries again on the next focus', async () => {
    const user = await renderField();
    fetches.failNext = true;
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(await screen.findByText(MESSAGES.chunkLoadFailed('select'))).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    await user.tab({ shift: true });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: 'Fleet Analytics' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.chunkLoadFailed('select'))).not.toBeInTheDocument();
    expect(fetches.count).toBe(2);
  });
});
