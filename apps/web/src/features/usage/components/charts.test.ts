import { describe, expect, it } from 'vitest';
import { gridStep } from './charts';

describe('gridStep', () => {
  it('gives four whole, round grid lines that reach the largest value', () => {
    expect(gridStep(0)).toBe(1);
    expect(gridStep(5)).toBe(2);
    expect(gridStep(8)).toBe(2);
    expect(gridStep(100)).toBe(25);
    expect(gridStep(997)).toBe(250);
    expect(gridStep(1001)).toBe(500);
    for (const max of [1, 3, 17, 42, 999, 123_456]) expect(gridStep(max) * 4).toBeGreaterThanOrEqual(max);
  });
});
