import { describe, expect, it } from 'vitest';
import { toE164 } from './phone';

describe('toE164: the product’s 10-digit numbers as SMS gateways take them', () => {
  it('puts the country code before the number', () => {
    expect(toE164('2025550123', '+1')).toBe('+12025550123');
  });

  it('drops the trunk prefix 0 the way numbers are written at home (+27 082… → +2782…)', () => {
    expect(toE164('0825550123', '+27')).toBe('+27825550123');
    expect(toE164(' 0825550123 ', '+27')).toBe('+27825550123');
  });

  it('refuses what cannot be a number: too short, not digits, too long with its country code', () => {
    expect(toE164('', '+1')).toBeNull();
    expect(toE164('555-0123', '+1')).toBeNull();
    expect(toE164('12345', '+1')).toBeNull();
    expect(toE164('123456789012345', '+353')).toBeNull();
  });
});
