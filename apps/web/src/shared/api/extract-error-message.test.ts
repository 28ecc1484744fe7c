import { describe, expect, it } from 'vitest';
import { extractErrorMessage } from './extract-error-message';

describe('extractErrorMessage (docs/product.md §8 order)', () => {
  const fallback = 'fallback';

  it('prefers the error text', () => {
    expect(
      extractErrorMessage({ error: 'E', message: 'M', data: { message: 'D' } }, 'Bad Gateway', fallback),
    ).toBe('E');
    expect(extractErrorMessage('Upstream timed out', 'Gateway Timeout', fallback)).toBe('Upstream timed out');
  });

  it('then the envelope message', () => {
    expect(extractErrorMessage({ message: 'M', data: { message: 'D' } }, 'Bad Gateway', fallback)).toBe('M');
  });

  it('then a nested data.message', () => {
    expect(extractErrorMessage({ data: { message: 'D' } }, 'Bad Gateway', fallback)).toBe('D');
  });

  it('then the status text, then the fallback', () => {
    expect(extractErrorMessage({}, 'Bad Gateway', fallback)).toBe('Bad Gateway');
    expect(extractErrorMessage(null, '', fallback)).toBe('fallback');
  });

  it('skips blank and non-text values', () => {
    expect(extractErrorMessage({ error: '  ', message: 42, data: { message: 'D' } }, '', fallback)).toBe('D');
  });
});
