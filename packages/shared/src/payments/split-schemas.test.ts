import { describe, expect, it } from 'vitest';
import { splitShares, ZCreateSplitRequest } from './split-schemas.js';

describe('splitShares', () => {
  it('gives friends the whole shillings of an even share and the organiser the rest', () => {
    expect(splitShares(68, 3)).toEqual([24, 22, 22]);
    expect(splitShares(100, 4)).toEqual([25, 25, 25, 25]);
    for (const [total, size] of [
      [68, 3],
      [599, 7],
      [1001, 10],
      [23, 2],
    ] as const) {
      const shares = splitShares(total, size);
      expect(shares).toHaveLength(size);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      expect(shares.every((share) => Number.isInteger(share))).toBe(true);
      expect(shares[0]! - shares[1]!).toBeLessThan(size);
    }
  });
});

describe('ZCreateSplitRequest', () => {
  it('takes a group of 2 to 10, the organiser counted', () => {
    const base = {
      offerId: '11111111-1111-4111-8111-111111111111',
      startTime: '2026-12-01T10:00:00+03:00',
      phoneNumber: '0712345678',
    };
    expect(ZCreateSplitRequest.safeParse({ ...base, partySize: 2 }).success).toBe(true);
    expect(ZCreateSplitRequest.safeParse({ ...base, partySize: 10 }).success).toBe(true);
    for (const partySize of [1, 11, 2.5]) {
      const parsed = ZCreateSplitRequest.safeParse({ ...base, partySize });
      expect(parsed.error?.issues[0]?.message).toBe('A group is 2 to 10 people, you included');
    }
  });
});
