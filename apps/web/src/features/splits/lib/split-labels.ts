import type { TSplitShare, TSplitView } from '@d3/shared/payments/split-schemas';

/** Every text of the split pages (issue 34), the exact words where it gives them. */
export const SPLIT_TEXT = {
  title: 'Split with friends',
  organiser: 'You (organiser)',
  friend: (position: number) => `Friend ${position}`,
  open: 'Waiting for everyone to pay',
  heldUntil: (time: string) => `The places are held until ${time}.`,
  paid: 'Booking confirmed',
  paidText: 'Every share is paid. Each payer gets the voucher by SMS; show it at the store.',
  lapsed: 'The time to pay ran out',
  lapsedText:
    'The places were released, and every share already paid is refunded to the number that paid it.',
  cancelled: 'This booking was cancelled',
  cancelledText: 'Every share already paid is refunded to the number that paid it.',
  payTitle: 'Pay your share',
  payHelp: 'You will get a prompt on that phone to enter your M-Pesa PIN.',
  waiting: 'Check your phone and enter your M-Pesa PIN.',
  yourShare: 'Your share',
  noShareLeft: 'Every share is taken. Ask your friend for a new link if you still want to join.',
  notFound: 'This split link is not valid. Ask your friend to share it again.',
  loadFailed: 'Failed to load this split. Please try again.',
  shareLink: 'Share link',
  copyLink: 'Copy link',
  copied: 'Link copied to clipboard!',
  whatsapp: 'Share on WhatsApp',
  sendAgain: 'Send prompt again',
  voucher: 'Voucher',
} as const;

const SHARE_STATUS_TEXT: Record<TSplitShare['status'], string> = {
  open: 'Not paid yet',
  pending: 'Waiting for M-Pesa PIN',
  paid: 'Paid',
  refund_pending: 'Refund on its way',
  refunded: 'Refunded',
};

/** A share's state as its row says it ('Refunded: receipt …' once the refund landed). */
export function shareStatusText(share: Pick<TSplitShare, 'status' | 'refundReceipt'>): string {
  if (share.status === 'refunded' && share.refundReceipt) return `Refunded: receipt ${share.refundReceipt}`;
  return SHARE_STATUS_TEXT[share.status];
}

/** Who the share is, as the list names it. */
export function shareOwner(share: Pick<TSplitShare, 'isOrganiser' | 'position'>): string {
  return share.isOrganiser ? SPLIT_TEXT.organiser : SPLIT_TEXT.friend(share.position);
}

/** Worth reading again: someone may still pay, or a refund is still on its way. */
export function isSplitLive(split: Pick<TSplitView, 'status' | 'shares'>): boolean {
  if (split.status === 'open') return true;
  return split.shares.some((share) => share.status === 'refund_pending' || share.status === 'pending');
}

/** The heading and sentence of the split's state. */
export function splitHeadline(split: Pick<TSplitView, 'status'>): { title: string; text: string | null } {
  if (split.status === 'paid') return { title: SPLIT_TEXT.paid, text: SPLIT_TEXT.paidText };
  if (split.status === 'lapsed') return { title: SPLIT_TEXT.lapsed, text: SPLIT_TEXT.lapsedText };
  if (split.status === 'cancelled') return { title: SPLIT_TEXT.cancelled, text: SPLIT_TEXT.cancelledText };
  return { title: SPLIT_TEXT.open, text: null };
}
