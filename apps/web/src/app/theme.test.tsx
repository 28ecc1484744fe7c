import { render, screen } from '@testing-library/react';
import { MantineProvider, Modal } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

function Timed({ opened }: { opened: boolean }) {
  // Not AppProviders: its test mode turns every transition off.
  return (
    <MantineProvider theme={theme}>
      <Modal opened={opened} onClose={() => {}} title="Timing">
        body
      </Modal>
    </MantineProvider>
  );
}

describe('modal timing (docs/product.md §9)', () => {
  it('moves the dialog in 300 ms and fades the backdrop in 150 ms', async () => {
    const view = render(<Timed opened={false} />);
    view.rerender(<Timed opened />);
    const dialog = await screen.findByRole('dialog', { name: 'Timing' });
    const overlay = document.querySelector<HTMLElement>('.mantine-Modal-overlay')!;
    expect(dialog.style.transitionDuration).toBe('300ms');
    expect(overlay.style.transitionDuration).toBe('150ms');
  });
});
