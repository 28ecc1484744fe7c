import { describe, expect, it } from 'vitest';
import { SHORT_TOAST_MS, TOAST_MS } from '@portal/contract';
import { autoCloseOf } from './toast';

describe('toast durations (docs/product.md §9)', () => {
  it('closes a success after 3 s, a failure or warning after 5 s, unless a toast says otherwise', () => {
    expect(SHORT_TOAST_MS).toBe(3000);
    expect(autoCloseOf({ color: 'green', message: 'Logo saved!' })).toBe(3000);
    expect(autoCloseOf({ color: 'red', message: 'Oops! Could not save the logo.' })).toBe(TOAST_MS);
    expect(autoCloseOf({ color: 'yellow', message: 'Unlink failed' })).toBe(5000);
    expect(autoCloseOf({ message: 'Server Error' })).toBe(5000);
    expect(autoCloseOf({ color: 'green', message: 'x', autoClose: 8000 })).toBe(8000);
  });
});
