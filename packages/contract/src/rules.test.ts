import { describe, expect, it } from 'vitest';
import { MAX_ID, coercedId, id, isStorableText, text, VALIDATION } from './index';

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
