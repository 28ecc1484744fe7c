import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LightTooltip } from './light-tooltip';

describe('LightTooltip', () => {
  it('shows its label while the element has focus or the pointer, and Escape hides it', async () => {
    const user = userEvent.setup();
    render(
      <LightTooltip label="Only view-only items open here">
        <button type="button">Sales report</button>
      </LightTooltip>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only view-only items open here');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // Focus stayed where it was: dismissing did not move it.
    expect(screen.getByRole('button', { name: 'Sales report' })).toHaveFocus();

    await user.tab({ shift: true });
    await user.hover(screen.getByRole('button', { name: 'Sales report' }));
    expect(await screen.findByRole('tooltip')).toBeInTheDocument();
    await user.unhover(screen.getByRole('button', { name: 'Sales report' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
