import { describe, expect, it } from 'vitest';
import { isSplitLive, shareStatusText, splitHeadline } from './split-labels';

describe('split labels (issue 34)', () => {
  it("names each share's state, with the refund's receipt once it landed", () => {
    expect(shareStatusText({ status: 'open', refundReceipt: null })).toBe('Not paid yet');
    expect(shareStatusText({ status: 'pending', refundReceipt: null })).toBe('Waiting for M-Pesa PIN');
    expect(shareStatusText({ status: 'paid', refundReceipt: null })).toBe('Paid');
    expect(shareStatusText({ status: 'refund_pending', refundReceipt: null })).toBe('Refund on its way');
    expect(shareStatusText({ status: 'refunded', refundReceipt: 'QX12AB34CD' })).toBe(
      'Refunded: receipt QX12AB34CD',
    );
    expect(shareStatusText({ status: 'refunded', refundReceipt: null })).toBe('Refunded');
  });

  it('reads a split again while someone may pay or a refund is on its way, and stops after', () => {
    const share = (status: 'paid' | 'refund_pending' | 'refunded' | 'pending') => ({ status }) as never;
    expect(isSplitLive({ status: 'open', shares: [] })).toBe(true);
    expect(isSplitLive({ status: 'paid', shares: [share('paid')] })).toBe(false);
    expect(isSplitLive({ status: 'lapsed', shares: [share('refund_pending')] })).toBe(true);
    expect(isSplitLive({ status: 'lapsed', shares: [share('refunded')] })).toBe(false);
  });

  it('heads each state of the split', () => {
    expect(splitHeadline({ status: 'open' }).title).toBe('Waiting for everyone to pay');
    expect(splitHeadline({ status: 'paid' }).title).toBe('Booking confirmed');
    expect(splitHeadline({ status: 'lapsed' })).toEqual({
      title: 'The time to pay ran out',
      text: 'The places were released, and every share already paid is refunded to the number that paid it.',
    });
  });
});
