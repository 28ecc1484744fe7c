import { describe, expect, it } from 'vitest';
import {
  BI_ID_ERROR,
  BI_ID_PATTERN,
  MAX_ID,
  biId,
  coercedId,
  id,
  isStorableText,
  text,
  VALIDATION,
} from './index';

describe('the string rule and the id rule', () => {
  it('refuses NUL and lone surrogates, and keeps every other text', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udfff', '\ud83d!']) {
      expect(isStorableText(bad)).toBe(false);
      expect(text().safeParse(bad).error?.issues[0]?.message).toBe(VALIDATION.unstorableText);
    }
    for (const good of ['', 'plain', 'Zoë', '😀 emoji pair', '\t\n', '\ufffd'])
      expect(text().parse(good)).toBe(good);
  });

  it('takes ids from 1 to 2^31−1 only', () => {
    expect(id().parse(MAX_ID)).toBe(2_147_483_647);
    expect(coercedId().parse('2147483647')).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, Number.MAX_SAFE_INTEGER])
      expect(id().safeParse(bad).success).toBe(false);
    expect(coercedId().safeParse('2147483648').error?.issues[0]?.message).toBe(VALIDATION.idOutOfRange);
  });
});

describe('the BI id rule', () => {
  const guid = '0a1B2c3D-4e5F-6a7B-8c9D-0e1F2a3B4c5D';

  it('takes a GUID in either case, trimmed', () => {
    expect(biId().parse(guid)).toBe(guid);
    expect(biId().parse(` ${guid}\n`)).toBe(guid);
  });

  it('refuses anything else with its message', () => {
    const wrong = [
      '',
      guid.slice(1),
      `${guid}0`,
      `x${guid}`,
      guid.replaceAll('-', ''),
      guid.replace('-', '_'),
      guid.replace('0', 'g'),
      'z'.repeat(8) + guid.slice(8),
      '0a1b2c3d-zzzz-6a7b-8c9d-0e1f2a3b4c5d',
      '0a1b2c3d-4e5f-zzzz-8c9d-0e1f2a3b4c5d',
      '0a1b2c3d-4e5f-6a7b-zzzz-0e1f2a3b4c5d',
      '0a1b2c3d-4e5f-6a7b-8c9d-' + 'z'.repeat(12),
      '0-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
      '0a1b2c3d-4-6a7b-8c9d-0e1f2a3b4c5d',
      '0a1b2c3d-4e5f-6-8c9d-0e1f2a3b4c5d',
      '0a1b2c3d-4e5f-6a7b-8-0e1f2a3b4c5d',
      '0a1b2c3d-4e5f-6a7b-8c9d-0',
      '../../admin',
    ];
    for (const value of wrong) {
      expect(biId().safeParse(value).error?.issues[0]?.message, value).toBe(BI_ID_ERROR);
    }
    expect(BI_ID_PATTERN.test(guid)).toBe(true);
  });
});
